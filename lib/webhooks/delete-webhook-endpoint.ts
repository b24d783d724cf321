import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { presentWebhookEndpoint } from "./present-webhook";

/** Removes an endpoint with its deliveries: nothing more is sent to it (a delivery in flight finds nothing to do). */
export async function deleteWebhookEndpoint(opts: { workspaceId: string; webhookId: string; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id: opts.webhookId, workspaceId: opts.workspaceId, pasSubscription: null } });
    if (!endpoint) throw new NotFound(`Webhook ${opts.webhookId}`);
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "webhook.deleted", details: { webhook_id: endpoint.id, url: endpoint.url } });
    return { ...presentWebhookEndpoint(endpoint), active: false };
  });
}
