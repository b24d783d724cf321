// A notification of the R5 Subscriptions backport as PAS uses it: a history Bundle whose first entry is the
// SubscriptionStatus (a Parameters) and, for an event, the PAS Response Bundle it is about as the second entry,
// named by the status's focus (Bundle-PASSubscriptionNotification of the guide). A handshake has the status only. Pure.
import type { Bundle, BundleEntry, Parameters, ParametersParameter } from "@medplum/fhirtypes";
import { PAS_TOPIC, type PasSubscriptionStatus } from "@/lib/fhir/pas/pas-subscription";

const BACKPORT = "http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition";

export interface NotificationEvent {
  /** This subscription's event number (1, 2, ...). */
  number: number;
  /** The PAS Response Bundle the event is about (it has an id). */
  responseBundle: Bundle;
}

export function buildSubscriptionNotification(opts: {
  serverBase: string;
  subscriptionId: string;
  status: PasSubscriptionStatus;
  /** The notification's own id (the delivery's webhook-id). */
  notificationId: string;
  eventsSinceSubscriptionStart: number;
  now: Date;
  event?: NotificationEvent;
}): Bundle {
  const subscriptionUrl = `${opts.serverBase}/fhir/Subscription/${opts.subscriptionId}`;
  const focusUrl = opts.event ? `${opts.serverBase}/fhir/Bundle/${opts.event.responseBundle.id}` : undefined;
  const parameter: ParametersParameter[] = [
    { name: "subscription", valueReference: { reference: subscriptionUrl } },
    { name: "topic", valueCanonical: PAS_TOPIC },
    { name: "status", valueCode: opts.status },
    { name: "type", valueCode: opts.event ? "event-notification" : "handshake" },
    { name: "events-since-subscription-start", valueString: String(opts.eventsSinceSubscriptionStart) },
    ...(opts.event
      ? [{
          name: "notification-event",
          part: [
            { name: "event-number", valueString: String(opts.event.number) },
            { name: "timestamp", valueInstant: opts.now.toISOString() },
            { name: "focus", valueReference: { reference: focusUrl } },
          ],
        }]
      : []),
  ];
  const status: Parameters = { resourceType: "Parameters", id: opts.notificationId, meta: { profile: [`${BACKPORT}/backport-subscription-status-r4`] }, parameter };
  const entries: BundleEntry[] = [
    { fullUrl: `urn:uuid:${opts.notificationId}`, resource: status, request: { method: "GET", url: `${subscriptionUrl}/$status` }, response: { status: "200" } },
  ];
  if (opts.event) {
    entries.push({ fullUrl: focusUrl, resource: opts.event.responseBundle, request: { method: "GET", url: focusUrl! }, response: { status: "200" } });
  }
  return {
    resourceType: "Bundle",
    id: opts.notificationId,
    meta: { profile: [`${BACKPORT}/backport-subscription-notification-r4`] },
    type: "history",
    timestamp: opts.now.toISOString(),
    entry: entries,
  };
}
