/** The events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = ["prior_auth.succeeded", "prior_auth.failed", "prior_auth.cancelled", "determination.created", "review.decided", "notice.created"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a receiver gets in the body of every delivery (Standard Webhooks style: the id is also `webhook-id`). */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  /** ISO 8601 with zone designator. */
  created_at: string;
  data: Record<string, unknown>;
}
