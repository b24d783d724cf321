import { describe, expect, it } from "vitest";
import { computeMetrics, computeStats, median, type MetricsCase } from "./compute-metrics";
import { csvCell, metricsToCsv } from "./metrics-csv";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (hours: number) => new Date(t0.getTime() + hours * 3600_000);
const c = (over: Partial<MetricsCase>): MetricsCase => ({
  item: "Drug A", itemType: "drug", expedited: false, status: "Succeeded", receivedAt: t0, decidedAt: null, approvedAfterReview: false, ...over,
});

describe("median", () => {
  it("handles empty, odd and even lists", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("computeStats", () => {
  it("is all zeros and nulls without requests", () => {
    expect(computeStats([])).toEqual({
      requests: 0, decided: 0, approved: 0, denied: 0, approved_pct: null, denied_pct: null, approved_after_review: 0,
      approved_after_review_pct: null, avg_hours_to_decision: null, median_hours_to_decision: null,
    });
  });

  it("shares of all requests; hours over decided requests only", () => {
    const stats = computeStats([
      c({ status: "approved", decidedAt: at(10) }),
      c({ status: "approved", decidedAt: at(20), approvedAfterReview: true }),
      c({ status: "denied", decidedAt: at(60) }),
      c({ status: "pending_review" }),
      c({ status: "approved", decidedAt: null }), // no decision time recorded: not decided
      c({ status: "Cancelled" }),
    ]);
    expect(stats).toMatchObject({ requests: 6, decided: 3, approved: 2, denied: 1, approved_pct: 33.3, denied_pct: 16.7, approved_after_review: 1, approved_after_review_pct: 16.7 });
    expect(stats.avg_hours_to_decision).toBe(30);
    expect(stats.median_hours_to_decision).toBe(20);
  });
});

describe("computeMetrics", () => {
  it("splits standard and expedited, per item and overall, most requested item first", () => {
    const report = computeMetrics(
      [
        c({ item: "B", status: "approved", decidedAt: at(1), expedited: true }),
        c({ item: "A", status: "denied", decidedAt: at(3) }),
        c({ item: "A", status: "approved", decidedAt: at(5), expedited: true }),
        c({ item: "99213", itemType: "procedure", status: "approved", decidedAt: at(7) }),
      ],
      { from: "2026-01-01", to: "2026-01-31", now: t0 },
    );
    expect(report.overall.all.requests).toBe(4);
    expect(report.overall.expedited).toMatchObject({ requests: 2, approved: 2, avg_hours_to_decision: 3, median_hours_to_decision: 3 });
    expect(report.overall.standard).toMatchObject({ requests: 2, approved: 1, denied: 1, approved_pct: 50 });
    expect(report.items.map((i) => i.item)).toEqual(["A", "99213", "B"]);
    expect(report.items[1].item_type).toBe("procedure");
  });

  it("exports CSV with an overall block and defused formulas", () => {
    const report = computeMetrics([c({ item: "=HYPERLINK(\"x\")", status: "approved", decidedAt: at(2) })], { from: "2026-01-01", to: "2026-01-02", now: t0 });
    const lines = metricsToCsv(report).trimEnd().split("\r\n");
    expect(lines[0]).toBe("from,to,item,item_type,segment,requests,decided,approved,denied,approved_pct,denied_pct,approved_after_review,approved_after_review_pct,avg_hours_to_decision,median_hours_to_decision");
    expect(lines[1]).toBe("2026-01-01,2026-01-02,ALL,overall,all,1,1,1,0,100,0,0,0,2,2");
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines).toHaveLength(7);
    expect(csvCell(null)).toBe("");
    expect(csvCell(-1)).toBe("-1");
  });
});
