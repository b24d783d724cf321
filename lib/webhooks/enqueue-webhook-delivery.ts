// One message for one endpoint, through the same outbox as the workspace's events: written in the caller's
// transaction, delivered (signed, retried, SSRF-checked) by deliverWebhook. PAS Subscriptions send their handshake and
// event notifications this way; the payload is the message as it is sent (a FHIR Bundle).
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { kickAfterCommit } from "./emit-webhook-event";

/** Event types of the messages sent to a PAS Subscription's endpoint (never chosen by a webhook endpoint). */
export type DirectWebhookEventType = "pas.handshake" | "pas.event-notification";

export async function enqueueWebhookDelivery(
  tx: Prisma.TransactionClient,
  message: { workspaceId: string; endpointId: string; eventType: DirectWebhookEventType; eventId?: string; payload: object },
): Promise<{ deliveryId: string; eventId: string }> {
  const eventId = message.eventId ?? randomUUID();
  const delivery = await tx.webhookDelivery.create({
    data: {
      workspaceId: message.workspaceId, endpointId: message.endpointId, eventId, eventType: message.eventType,
      payload: message.payload as Prisma.InputJsonValue, nextAttemptAt: new Date(),
    },
  });
  kickAfterCommit([delivery.id]);
  return { deliveryId: delivery.id, eventId };
}
