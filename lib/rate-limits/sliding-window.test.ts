import { describe, expect, it } from "vitest";
import { evaluateSlidingWindow } from "./sliding-window";

const W = 60_000;

describe("evaluateSlidingWindow", () => {
  it("allows up to the limit in a fresh window and counts what is left", () => {
    expect(evaluateSlidingWindow({ count: 1, previousCount: 0, elapsedMs: 0, windowMs: W, limit: 10 })).toEqual({ allowed: true, remaining: 9, retryAfterSeconds: 0 });
    expect(evaluateSlidingWindow({ count: 10, previousCount: 0, elapsedMs: 30_000, windowMs: W, limit: 10 })).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it("refuses the request past the limit until the next window when the current one alone is full", () => {
    const decision = evaluateSlidingWindow({ count: 11, previousCount: 0, elapsedMs: 45_000, windowMs: W, limit: 10 });
    expect(decision.allowed).toBe(false);
    // 15 s to the end of the window, then 11 * (1 - g) + 1 <= 10 needs g >= 1 - 9/11: 10.9 s more.
    expect(decision.retryAfterSeconds).toBe(Math.ceil((15_000 + (1 - 9 / 11) * W) / 1000));
  });

  it("weights the previous window by its remaining overlap", () => {
    // 25% into the window: 8 * 0.75 + 4 = 10 -> allowed; 8 * 0.75 + 5 = 11 -> refused.
    expect(evaluateSlidingWindow({ count: 4, previousCount: 8, elapsedMs: 15_000, windowMs: W, limit: 10 }).allowed).toBe(true);
    const refused = evaluateSlidingWindow({ count: 5, previousCount: 8, elapsedMs: 15_000, windowMs: W, limit: 10 });
    expect(refused.allowed).toBe(false);
    // Another request is fine once 8 * (1 - f) + 6 <= 10, i.e. f >= 0.5: 15 s from now.
    expect(refused.retryAfterSeconds).toBe(15);
  });

  it("always asks to wait at least a second", () => {
    const decision = evaluateSlidingWindow({ count: 5, previousCount: 10, elapsedMs: 59_999, windowMs: W, limit: 5 });
    expect(decision.allowed).toBe(false);
    expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("forgets windows older than the previous one (the caller resets previousCount to 0)", () => {
    expect(evaluateSlidingWindow({ count: 1, previousCount: 0, elapsedMs: 1, windowMs: W, limit: 1 }).allowed).toBe(true);
  });
});
