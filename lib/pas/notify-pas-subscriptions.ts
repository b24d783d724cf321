// A new version of a PAS answer, pushed to every subscription of the workspace whose org-identifier filter names the
// organization that submitted the request: one event notification each (the SubscriptionStatus, then the Response
// Bundle), written to the outbox in the caller's transaction.
import { randomUUID } from "node:crypto";
import type { Bundle } from "@medplum/fhirtypes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { buildSubscriptionNotification } from "@/lib/fhir/pas/build-subscription-notification";
import { orgIdentifierMatches, submitterIdentifiers } from "@/lib/fhir/pas/pas-subscription";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue-webhook-delivery";
import { readSubscriptionRequest } from "./stored-pas-subscription";

/** How many subscriptions were notified. */
export async function notifyPasSubscriptions(
  tx: Prisma.TransactionClient,
  opts: { workspaceId: string; serverBase: string; requestBundle: Bundle; responseBundle: Bundle; now: Date },
): Promise<number> {
  const submitters = submitterIdentifiers(opts.requestBundle);
  if (submitters.length === 0) return 0;
  const subscriptions = await tx.pasSubscription.findMany({ where: { workspaceId: opts.workspaceId }, orderBy: { createdAt: "asc" } });
  let notified = 0;
  for (const subscription of subscriptions) {
    const request = readSubscriptionRequest(subscription);
    if (request.off || (request.end && Date.parse(request.end) <= opts.now.getTime())) continue;
    if (!orgIdentifierMatches(subscription.orgIdentifier, submitters)) continue;
    const { eventCount } = await tx.pasSubscription.update({ where: { id: subscription.id }, data: { eventCount: { increment: 1 } }, select: { eventCount: true } });
    const notificationId = randomUUID();
    const payload = buildSubscriptionNotification({
      serverBase: opts.serverBase, subscriptionId: subscription.id, status: "active", notificationId, eventsSinceSubscriptionStart: eventCount, now: opts.now,
      event: { number: eventCount, responseBundle: opts.responseBundle },
    });
    await enqueueWebhookDelivery(tx, { workspaceId: opts.workspaceId, endpointId: subscription.endpointId, eventType: "pas.event-notification", eventId: notificationId, payload });
    notified += 1;
  }
  return notified;
}
