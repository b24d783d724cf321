/** PA_WEBHOOK_MAX_ATTEMPTS (default 8): attempts before a delivery is marked failed. */
export const maxWebhookAttempts = () => Math.max(1, Number(process.env.PA_WEBHOOK_MAX_ATTEMPTS ?? 8));

/** PA_WEBHOOK_RETRY_BASE_SECONDS (default 5): the wait after the first failed attempt; each later wait is 4x longer. */
const baseSeconds = () => Math.max(0.1, Number(process.env.PA_WEBHOOK_RETRY_BASE_SECONDS ?? 5));

const MAX_DELAY_SECONDS = 6 * 3600;

/**
 * Exponential backoff: after attempt n (1-based) wait base * 4^(n-1) seconds, capped at 6 hours, with up to 10%
 * random spread so that many deliveries failing together do not come back together. 5 s, 20 s, 80 s, 5 min, ...
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random, base = baseSeconds()): number {
  const seconds = Math.min(base * 4 ** Math.max(0, attempt - 1), MAX_DELAY_SECONDS);
  return Math.round(seconds * 1000 * (1 + 0.1 * random()));
}
