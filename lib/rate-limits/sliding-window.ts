// The arithmetic of a sliding-window counter: the previous fixed window's count, weighted by how much of it still
// overlaps the last `windowMs`, plus the current window's count. Pure, so every edge is unit-tested.

export interface SlidingWindowInput {
  /** Requests counted in the current fixed window, this one included. */
  count: number;
  /** Requests counted in the fixed window before it. */
  previousCount: number;
  /** How far into the current window we are, in ms (0 <= elapsedMs < windowMs). */
  elapsedMs: number;
  windowMs: number;
  limit: number;
}

export interface SlidingWindowDecision {
  allowed: boolean;
  /** Requests still allowed right now (0 when refused). */
  remaining: number;
  /** When refused: whole seconds until a request would be allowed again (at least 1). 0 when allowed. */
  retryAfterSeconds: number;
}

const estimate = (count: number, previousCount: number, fraction: number) => previousCount * (1 - fraction) + count;

export function evaluateSlidingWindow({ count, previousCount, elapsedMs, windowMs, limit }: SlidingWindowInput): SlidingWindowDecision {
  const fraction = Math.min(Math.max(elapsedMs / windowMs, 0), 1);
  const used = estimate(count, previousCount, fraction);
  if (used <= limit) return { allowed: true, remaining: Math.max(0, Math.floor(limit - used)), retryAfterSeconds: 0 };

  // Refused. Find when the estimate, with one more request, drops to the limit again: first within this window, as
  // the previous window's weight fades; otherwise in the next one, as this window's count fades in turn.
  let waitMs: number;
  if (count + 1 <= limit && previousCount > 0) {
    const fractionNeeded = 1 - (limit - count - 1) / previousCount;
    waitMs = (fractionNeeded - fraction) * windowMs;
  } else {
    const nextFractionNeeded = Math.min(1, 1 - (limit - 1) / Math.max(count, 1));
    waitMs = (1 - fraction) * windowMs + Math.max(0, nextFractionNeeded) * windowMs;
  }
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
