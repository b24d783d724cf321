import { describe, expect, it } from "vitest";
import { lockEnd, lockWords } from "./sign-in";

const now = new Date("2026-11-27T19:00:00Z");
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe("the sign-in lock", () => {
  it.each([
    ["840", "2026-11-27T19:14:00.000Z"],
    ["1", "2026-11-27T19:00:01.000Z"],
    [null, null],
    ["", null],
    ["soon", null],
    ["0", null],
  ])("Retry-After %s ends at %s", (header, expected) => {
    expect(lockEnd(header, now)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    [840, "until 19:14 (in 14 minutes)"],
    [30, "until 19:00 (in about a minute)"],
    [61, "until 19:01 (in 2 minutes)"],
  ])("%i s reads %s", (seconds, words) => {
    expect(lockWords(new Date(now.getTime() + seconds * 1000), now, hhmm)).toBe(words);
  });
});
