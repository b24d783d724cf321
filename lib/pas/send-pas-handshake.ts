// The handshake of a PAS Subscription: the first message to its endpoint (type handshake, no event), through the
// outbox. The subscription is "requested" until it is delivered (stored-pas-subscription.ts).
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { buildSubscriptionNotification } from "@/lib/fhir/pas/build-subscription-notification";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue-webhook-delivery";

export async function sendPasHandshake(tx: Prisma.TransactionClient, opts: { workspaceId: string; subscription: { id: string; endpointId: string; eventCount: number }; serverBase: string }) {
  const notificationId = randomUUID();
  const payload = buildSubscriptionNotification({
    serverBase: opts.serverBase, subscriptionId: opts.subscription.id, status: "requested", notificationId,
    eventsSinceSubscriptionStart: opts.subscription.eventCount, now: new Date(),
  });
  return enqueueWebhookDelivery(tx, { workspaceId: opts.workspaceId, endpointId: opts.subscription.endpointId, eventType: "pas.handshake", eventId: notificationId, payload });
}
