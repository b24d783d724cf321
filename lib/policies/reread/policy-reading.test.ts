import { describe, expect, it } from "vitest";
import { isReadingActive, isReadingStuck, presentPolicyReading, queuedReading, type PolicyReading } from "./policy-reading";

const NOW = new Date("2026-11-24T06:00:00Z");
const HOUR = 3_600_000;
const at = (status: PolicyReading["status"], queuedAt: string, startedAt: string | null = null): PolicyReading => ({ ...queuedReading("request", new Date(queuedAt)), status, started_at: startedAt });

describe.each([
  { name: "queued a minute ago", reading: at("queued", "2026-11-24T05:59:00Z"), active: true, stuck: false },
  { name: "queued three hours ago and never started", reading: at("queued", "2026-11-24T03:00:00Z"), active: true, stuck: true },
  { name: "reading, started 30 minutes ago (queued long before)", reading: at("reading", "2026-11-24T02:00:00Z", "2026-11-24T05:30:00Z"), active: true, stuck: false },
  { name: "reading, started three hours ago", reading: at("reading", "2026-11-24T02:00:00Z", "2026-11-24T03:00:00Z"), active: true, stuck: true },
  { name: "done long ago", reading: at("done", "2026-11-20T00:00:00Z"), active: false, stuck: false },
  { name: "failed", reading: at("failed", "2026-11-24T05:59:00Z"), active: false, stuck: false },
  { name: "never queued", reading: null, active: false, stuck: false },
])("a reading $name", ({ reading, active, stuck }) => {
  it(`is active: ${active}, stuck after 2 hours: ${stuck}`, () => {
    expect(isReadingActive(reading)).toBe(active);
    expect(isReadingStuck(reading, NOW, 2 * HOUR)).toBe(stuck);
  });
});

describe("presentPolicyReading", () => {
  it("gives the stored reading, and null for nothing or a value of another shape", () => {
    const stored = queuedReading("cells", NOW, 12);
    expect(presentPolicyReading(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(presentPolicyReading(null)).toBeNull();
    expect(presentPolicyReading({ status: "sleeping" })).toBeNull();
  });
});
