// Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the
// base64 part of a `whsec_...` secret, so receivers can verify with any Standard Webhooks library.
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` + 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

export function signWebhook(opts: { id: string; timestamp: number; body: string; secret: string }): string {
  const mac = createHmac("sha256", secretKey(opts.secret)).update(`${opts.id}.${opts.timestamp}.${opts.body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

/** The headers of one delivery attempt. `timestamp` is in seconds since the epoch. */
export function webhookHeaders(opts: { id: string; timestamp: number; body: string; secret: string }): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": opts.id,
    "webhook-timestamp": String(opts.timestamp),
    "webhook-signature": signWebhook(opts),
  };
}
