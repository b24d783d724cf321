// Password guessing: after too many failed sign-ins for one email, or from one client address, within the window,
// further attempts are refused (429) until the oldest counted failure leaves the window. Pure: the times come in.

export interface LoginThrottleLimits {
  windowMs: number;
  maxPerEmail: number;
  maxPerAddress: number;
}

/** PA_LOGIN_MAX_FAILURES_PER_EMAIL (10), PA_LOGIN_MAX_FAILURES_PER_ADDRESS (50), PA_LOGIN_WINDOW_MINUTES (15). */
export function loginThrottleLimits(env: Record<string, string | undefined> = process.env): LoginThrottleLimits {
  const read = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1, got "${raw}".`);
    return value;
  };
  return {
    windowMs: read("PA_LOGIN_WINDOW_MINUTES", 15) * 60_000,
    maxPerEmail: read("PA_LOGIN_MAX_FAILURES_PER_EMAIL", 10),
    maxPerAddress: read("PA_LOGIN_MAX_FAILURES_PER_ADDRESS", 50),
  };
}

export type LoginThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: "email" | "address" };

/** `emailFailures` / `addressFailures`: times of failures inside the window (any order). */
export function decideLoginThrottle(input: { emailFailures: Date[]; addressFailures: Date[]; now: Date; limits: LoginThrottleLimits }): LoginThrottleDecision {
  const { now, limits } = input;
  const check = (times: Date[], max: number) => {
    const recent = times.map((t) => t.getTime()).filter((t) => now.getTime() - t < limits.windowMs).sort((a, b) => b - a);
    if (recent.length < max) return null;
    // Allowed again when the max-th newest failure leaves the window.
    return Math.max(1, Math.ceil((recent[max - 1] + limits.windowMs - now.getTime()) / 1000));
  };
  const byEmail = check(input.emailFailures, limits.maxPerEmail);
  const byAddress = check(input.addressFailures, limits.maxPerAddress);
  if (byEmail === null && byAddress === null) return { allowed: true };
  return (byEmail ?? 0) >= (byAddress ?? 0)
    ? { allowed: false, retryAfterSeconds: byEmail!, reason: "email" }
    : { allowed: false, retryAfterSeconds: byAddress!, reason: "address" };
}
