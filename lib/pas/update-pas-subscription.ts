// PUT /fhir/Subscription/{id}: the client's new version of its subscription (filter, endpoint, reason, end, off).
// A new endpoint is handshaken again; its signing secret stays the one returned at creation.
import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { SubscriptionOutcome } from "./create-pas-subscription";
import { findPasSubscriptionOrThrow } from "./get-pas-subscription-or-throw";
import { readSubscriptionBody } from "./read-subscription-body";
import { sendPasHandshake } from "./send-pas-handshake";
import { presentStoredSubscription, readSubscriptionRequest } from "./stored-pas-subscription";

/** The id a PUT body gives itself, whatever else it holds (the body is judged whole by readSubscriptionBody). */
const ZBodyId = z.object({ id: z.unknown() });

export async function updatePasSubscription(opts: { workspaceId: string; subscriptionId: string; actor: Actor; body: unknown; serverBase: string }): Promise<SubscriptionOutcome> {
  await findPasSubscriptionOrThrow(prisma, opts); // an unknown id is 404 before its body is judged
  const idInBody = ZBodyId.safeParse(opts.body).data?.id;
  if (idInBody !== undefined && idInBody !== opts.subscriptionId) {
    return { ok: false, problems: [{ expression: "Subscription.id", message: `must be ${opts.subscriptionId}, the id in the URL` }] };
  }
  const reading = await readSubscriptionBody(opts.body);
  if (!reading.ok) return reading;
  const { request } = reading;
  const subscription = await prisma.$transaction(async (tx) => {
    const before = await findPasSubscriptionOrThrow(tx, opts);
    const previous = readSubscriptionRequest(before);
    const row = await tx.pasSubscription.update({
      where: { id: before.id },
      data: { orgIdentifier: request.orgIdentifier, request: request as unknown as Prisma.InputJsonValue, version: { increment: 1 } },
    });
    const newEndpoint = previous.endpoint !== request.endpoint;
    if (newEndpoint) await tx.webhookEndpoint.update({ where: { id: row.endpointId }, data: { url: request.endpoint } });
    if (!request.off && (newEndpoint || previous.off)) await sendPasHandshake(tx, { workspaceId: opts.workspaceId, subscription: row, serverBase: opts.serverBase });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "pas.subscription.updated",
      details: { subscription_id: row.id, version: row.version, endpoint: request.endpoint, org_identifier: request.orgIdentifier, off: request.off },
    });
    return presentStoredSubscription(tx, row);
  });
  return { ok: true, subscription };
}
