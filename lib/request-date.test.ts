import { describe, expect, it } from "vitest";
import { epaRequestDate, requestDateOf, requestDateProblem } from "./request-date";

const NOW = Date.UTC(2026, 10, 27, 15, 0, 0); // 2026-11-27 15:00 UTC

// date | problem (null: accepted)
const ROWS: [string, string | null][] = [
  ["2026-11-27", null],
  ["2026-05-11", null], // 200 days back
  ["2025-11-27", null], // 365 days back
  ["2025-11-26", "must be at most 365 days back"],
  ["2026-11-28", null], // already the 28th in UTC+14 at 15:00 UTC
  ["2026-11-29", "must not be in the future"],
  ["2026-02-30", "must be a date (YYYY-MM-DD)"],
  ["11/27/2026", "must be a date (YYYY-MM-DD)"],
  ["2026-11-27T10:00:00Z", "must be a date (YYYY-MM-DD)"],
];

describe("a stated request date", () => {
  it.each(ROWS)("%s: %s", (date, problem) => {
    expect(requestDateProblem(date, NOW)).toBe(problem);
  });

  it("defaults to the day the request was received", () => {
    expect(requestDateOf({ requestDate: null, receivedAt: new Date("2026-05-11T23:30:00Z") })).toBe("2026-05-11");
    expect(requestDateOf({ requestDate: new Date("2026-04-01T00:00:00Z"), receivedAt: new Date("2026-05-11T23:30:00Z") })).toBe("2026-04-01");
  });

  it("is read from an ePA payload in snake or camel case", () => {
    expect(epaRequestDate({ request_date: "2026-05-11" })).toEqual({ key: "request_date", value: "2026-05-11" });
    expect(epaRequestDate({ requestDate: 20260511 })).toEqual({ key: "requestDate", value: 20260511 });
    expect(epaRequestDate({ patient: {} })).toBeNull();
  });
});
