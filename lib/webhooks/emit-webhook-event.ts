// The outbox: an event is written as one WebhookDelivery row per subscribed endpoint, inside the transaction of the
// change it reports. If the change commits, the deliveries exist; if it rolls back, they never did.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { kickWebhookDeliveries } from "./kick-webhook-deliveries";
import type { WebhookEventType, WebhookPayload } from "./webhook-events";

type Tx = Prisma.TransactionClient;

/** How long after the call the delivery jobs are queued: by then the caller's transaction has normally committed. */
const KICK_DELAY_MS = 250;

export async function emitWebhookEvent(
  tx: Tx,
  event: { workspaceId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<{ eventId: string | null; deliveryIds: string[] }> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { workspaceId: event.workspaceId, active: true, events: { has: event.type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return { eventId: null, deliveryIds: [] };
  const eventId = randomUUID();
  const now = new Date();
  const payload: WebhookPayload = { id: eventId, type: event.type, created_at: now.toISOString(), data: event.data };
  const deliveryIds = endpoints.map(() => randomUUID());
  await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint, i) => ({
      id: deliveryIds[i],
      workspaceId: event.workspaceId,
      endpointId: endpoint.id,
      eventId,
      eventType: event.type,
      payload: payload as unknown as Prisma.InputJsonValue,
      nextAttemptAt: now,
    })),
  });
  kickAfterCommit(deliveryIds);
  return { eventId, deliveryIds };
}

/** Queues the deliveries' jobs once the caller's transaction has normally committed. */
export function kickAfterCommit(deliveryIds: string[]): void {
  // A job that runs before the commit finds no row and does nothing; the sweep then sends it. Either way: once.
  setTimeout(() => void kickWebhookDeliveries(deliveryIds), KICK_DELAY_MS).unref();
}
