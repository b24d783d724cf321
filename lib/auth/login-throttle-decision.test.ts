import { describe, expect, it } from "vitest";
import { decideLoginThrottle, loginThrottleLimits } from "./login-throttle-decision";

const limits = { windowMs: 15 * 60_000, maxPerEmail: 10, maxPerAddress: 50 };
const now = new Date("2026-01-01T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const times = (n: number, everySeconds = 10, from = 0) => Array.from({ length: n }, (_, i) => ago(from + i * everySeconds));

describe("decideLoginThrottle", () => {
  it.each([
    // email failures, address failures, expected
    ["none", [], [], { allowed: true }],
    ["9 for the email", times(9), times(9), { allowed: true }],
    ["10 for the email, newest 0 s ago, 10th 90 s ago", times(10), times(10), { allowed: false, reason: "email", retryAfterSeconds: 900 - 90 }],
    ["10 for the email but half outside the window", [...times(5), ...times(5, 10, 901)], times(10), { allowed: true }],
    ["49 from the address", times(3), times(49), { allowed: true }],
    ["50 from the address", times(3), times(50, 1), { allowed: false, reason: "address", retryAfterSeconds: 900 - 49 }],
  ] as const)("%s", (_name, emailFailures, addressFailures, expected) => {
    expect(decideLoginThrottle({ emailFailures: [...emailFailures], addressFailures: [...addressFailures], now, limits })).toEqual(expected);
  });

  it("reads its limits from the environment and refuses nonsense", () => {
    expect(loginThrottleLimits({})).toEqual(limits);
    expect(loginThrottleLimits({ PA_LOGIN_MAX_FAILURES_PER_EMAIL: "3", PA_LOGIN_WINDOW_MINUTES: "1" })).toMatchObject({ maxPerEmail: 3, windowMs: 60_000 });
    expect(() => loginThrottleLimits({ PA_LOGIN_MAX_FAILURES_PER_EMAIL: "0" })).toThrow(/whole number/);
  });
});
