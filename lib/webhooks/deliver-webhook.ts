// One delivery attempt: claim the row, sign, POST through the SSRF-safe client, record the outcome, and schedule the
// next attempt with backoff or give up. Safe to run twice: only the claimant sends, and a crash mid-send means one
// more attempt with the same webhook-id later (receivers de-duplicate on it).
import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { parseAllowList } from "@/lib/net/address-policy";
import { DocumentFetchError, safeFetch } from "@/lib/net/safe-fetch";
import { kickWebhookDeliveries } from "./kick-webhook-deliveries";
import { maxWebhookAttempts, retryDelayMs } from "./retry-schedule";
import { decryptSecret } from "./secret-box";
import { webhookHeaders } from "./sign-webhook";

const timeoutMs = () => Math.max(1000, Number(process.env.PA_WEBHOOK_TIMEOUT_MS ?? 10_000));
/** Answers are read (and dropped) up to this size; a larger one still counts by its status. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped";

function describeFailure(error: unknown): { statusCode: number | null; message: string } {
  if (error instanceof DocumentFetchError) {
    if (error.code === "http_status" && error.status) return { statusCode: error.status, message: `The endpoint answered HTTP ${error.status}.` };
    if (error.code === "too_many_redirects") return { statusCode: null, message: "The endpoint answered with a redirect; webhooks are not redirected." };
    return {
      statusCode: null,
      message: error.message.replace(/the document server/gi, "the endpoint").replace(/The document (address|host)/g, "The webhook URL").replace(/the document/gi, "the webhook"),
    };
  }
  return { statusCode: null, message: "The delivery failed because of an internal error." };
}

export async function deliverWebhook(deliveryId: string, now = new Date()): Promise<DeliveryOutcome> {
  const claimed = await prisma.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
    // The claim: nobody else picks this attempt up until the send can have timed out.
    data: { nextAttemptAt: new Date(now.getTime() + timeoutMs() + 30_000) },
  });
  if (claimed.count === 0) return "skipped";
  const delivery = await prisma.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  if (!delivery) return "skipped";

  let statusCode: number | null = null;
  let error: string | null = null;
  let secret: string | null = null;
  try {
    secret = decryptSecret(delivery.endpoint.secretCiphertext);
  } catch {
    error = "The signing secret cannot be decrypted (was AUTH_SECRET changed?); register the endpoint again.";
  }
  if (!delivery.endpoint.active) {
    error = "The endpoint is disabled.";
  } else if (secret) {
    const body = JSON.stringify(delivery.payload);
    try {
      const response = await safeFetch(delivery.endpoint.url, {
        method: "POST",
        body,
        headers: { ...webhookHeaders({ id: delivery.eventId, timestamp: Math.floor(Date.now() / 1000), body, secret }), "content-type": delivery.endpoint.contentType },
        maxBytes: MAX_RESPONSE_BYTES,
        timeoutMs: timeoutMs(),
        maxRedirects: 0,
        allowList: parseAllowList(process.env.PA_FETCH_ALLOW_HOSTS),
      });
      statusCode = response.status;
    } catch (caught) {
      const failure = describeFailure(caught);
      statusCode = failure.statusCode;
      error = failure.message;
      if (!(caught instanceof DocumentFetchError)) logger.error("webhook delivery error", { deliveryId, error: caught });
    }
  }

  const attempts = delivery.attempts + 1;
  if (!error) {
    await prisma.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: "delivered", attempts, lastStatusCode: statusCode, lastError: null, deliveredAt: new Date(), nextAttemptAt: null },
    });
    return "delivered";
  }
  const giveUp = attempts >= maxWebhookAttempts() || !delivery.endpoint.active || !secret;
  const delayMs = retryDelayMs(attempts);
  await prisma.webhookDelivery.update({
    where: { id: deliveryId },
    data: { status: giveUp ? "failed" : "pending", attempts, lastStatusCode: statusCode, lastError: error, nextAttemptAt: giveUp ? null : new Date(Date.now() + delayMs) },
  });
  if (giveUp) {
    logger.warn("webhook delivery failed", { deliveryId, endpointId: delivery.endpointId, attempts, error });
    return "failed";
  }
  await kickWebhookDeliveries([deliveryId], { startAfterSeconds: Math.ceil(delayMs / 1000) });
  return "retrying";
}
