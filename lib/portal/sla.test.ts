import { describe, expect, it } from "vitest";
import { formatDuration, parseApiTime, slaState } from "./sla";

const now = Date.parse("2026-03-10T12:00:00Z");
const base = { status: "Succeeded", decided_at: null };

describe("slaState", () => {
  it("counts down to the deadline, reading zone-less timestamps as UTC", () => {
    expect(slaState({ ...base, sla_due_at: "2026-03-12T16:30:00.000" }, now)).toMatchObject({ kind: "on_track", label: "2 d 4 h left" });
  });

  it("turns amber within a day and red, with the word Overdue, past the deadline", () => {
    expect(slaState({ ...base, sla_due_at: "2026-03-10T15:05:00" }, now)).toMatchObject({ kind: "due_soon", label: "3 h 5 min left" });
    expect(slaState({ ...base, sla_due_at: "2026-03-08T11:00:00" }, now)).toMatchObject({ kind: "overdue", label: "Overdue by 2 d 1 h" });
    expect(slaState({ ...base, sla_due_at: "2026-03-10T12:00:00" }, now).kind).toBe("overdue");
  });

  it("a paused clock keeps the time left when the wait began, whatever the time now", () => {
    const waiting = { status: "request_for_information", decided_at: null, sla_paused: true, waiting_since: "2026-03-09T12:00:00" };
    expect(slaState({ ...waiting, sla_due_at: "2026-03-10T15:00:00" }, now)).toMatchObject({ kind: "paused", label: "Paused · 1 d 3 h left" });
    expect(slaState({ ...waiting, sla_due_at: "2026-03-10T15:00:00" }, now + 5 * 86400_000)).toMatchObject({ kind: "paused", label: "Paused · 1 d 3 h left" });
    expect(slaState({ ...waiting, sla_paused: false, sla_due_at: "2026-03-10T15:00:00" }, now)).toMatchObject({ kind: "due_soon" });
  });

  it("shows no clock once a case is decided, cancelled or failed", () => {
    for (const status of ["approved", "denied", "Cancelled", "Failed"]) {
      expect(slaState({ status, sla_due_at: "2026-03-08T11:00:00", decided_at: null }, now)).toEqual({ kind: "none" });
    }
    expect(slaState({ ...base, sla_due_at: "2026-03-08T11:00:00", decided_at: "2026-03-09T10:00:00" }, now)).toEqual({ kind: "none" });
    expect(slaState({ ...base, sla_due_at: null }, now)).toEqual({ kind: "none" });
  });

  it("keeps running while information is requested or the case is processing", () => {
    expect(slaState({ status: "request_for_information", sla_due_at: "2026-03-20T12:00:00", decided_at: null }, now).kind).toBe("on_track");
    expect(slaState({ status: "Processing", sla_due_at: "2026-03-20T12:00:00", decided_at: null }, now).kind).toBe("on_track");
  });
});

describe("formatDuration and parseApiTime", () => {
  it("say spans as people do", () => {
    expect(formatDuration(30_000)).toBe("under a minute");
    expect(formatDuration(45 * 60_000)).toBe("45 min");
    expect(formatDuration(2 * 3600_000)).toBe("2 h");
    expect(formatDuration(3 * 86400_000)).toBe("3 d");
  });
  it("honours an explicit zone", () => {
    expect(parseApiTime("2026-03-10T12:00:00+02:00")).toBe(Date.parse("2026-03-10T10:00:00Z"));
    expect(parseApiTime("2026-03-10T12:00:00Z")).toBe(now);
  });
});
