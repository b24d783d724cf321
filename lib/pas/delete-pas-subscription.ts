// DELETE /fhir/Subscription/{id}: the subscription goes with its endpoint and its undelivered notifications, so
// nothing more is sent (a delivery in flight finds nothing to do).
import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { findPasSubscriptionOrThrow } from "./get-pas-subscription-or-throw";

export async function deletePasSubscription(opts: { workspaceId: string; subscriptionId: string; actor: Actor }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await findPasSubscriptionOrThrow(tx, opts);
    await tx.webhookEndpoint.delete({ where: { id: row.endpointId } }); // cascades to the subscription and its deliveries
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "pas.subscription.deleted", details: { subscription_id: row.id, org_identifier: row.orgIdentifier } });
  });
}
