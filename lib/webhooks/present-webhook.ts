import { formatTimestamp } from "@/lib/time";
import type { TWebhookDelivery, TWebhookEndpoint } from "@/lib/schemas/webhook";

type EndpointRow = { id: string; url: string; events: string[]; secretStart: string; active: boolean; createdBy: string; createdAt: Date };
type DeliveryRow = {
  id: string; endpointId: string; eventId: string; eventType: string; status: string; attempts: number; lastStatusCode: number | null;
  lastError: string | null; nextAttemptAt: Date | null; deliveredAt: Date | null; createdAt: Date; updatedAt: Date;
};

export const presentWebhookEndpoint = (e: EndpointRow): TWebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events as TWebhookEndpoint["events"],
  secret_start: e.secretStart,
  active: e.active,
  created_by: e.createdBy,
  created_at: formatTimestamp(e.createdAt),
});

export const presentWebhookDelivery = (d: DeliveryRow): TWebhookDelivery => ({
  id: d.id,
  endpoint_id: d.endpointId,
  event_id: d.eventId,
  event_type: d.eventType as TWebhookDelivery["event_type"],
  status: d.status as TWebhookDelivery["status"],
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  next_attempt_at: d.status === "pending" && d.nextAttemptAt ? formatTimestamp(d.nextAttemptAt) : null,
  delivered_at: d.deliveredAt ? formatTimestamp(d.deliveredAt) : null,
  created_at: formatTimestamp(d.createdAt),
  updated_at: formatTimestamp(d.updatedAt),
});
