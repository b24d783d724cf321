import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` });

export const ZCreateWebhookRequest = z.strictObject({
  url: z.string({ error: "is required" }).trim().min(1, "is required").max(2048, "is too long"),
  events: z.array(ZWebhookEventType).min(1, "choose at least one event").max(WEBHOOK_EVENT_TYPES.length),
});
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;

export const ZWebhookId = z.uuid({ error: "webhook_id must be a UUID" });
export const ZWebhookDeliveryId = z.uuid({ error: "delivery_id must be a UUID" });

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(ZWebhookEventType),
  /** The first characters of the signing secret, to recognise it. */
  secret_start: z.string(),
  active: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer to a registration: the signing secret appears this once. */
export const ZWebhookEndpointCreated = ZWebhookEndpoint.extend({ secret: z.string() });

export const ZWebhookEndpointList = z.object({ data: z.array(ZWebhookEndpoint) });

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpoint_id: z.uuid(),
  /** The event id: the `webhook-id` header and the body's `id`, the same in every attempt and resend. */
  event_id: z.uuid(),
  event_type: ZWebhookEventType,
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ data: z.array(ZWebhookDelivery) });

/** The body a receiver gets (not an API response: documented for integrators). */
export const ZWebhookEventPayload = z.object({
  id: z.uuid(),
  type: ZWebhookEventType,
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
