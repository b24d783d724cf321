// CMS-0057-F prior authorization metrics, as plain arithmetic over one row per request (no database here).
import type { TMetricsGroup, TMetricsReport, TMetricsStats } from "@/lib/schemas/report";

export interface MetricsCase {
  item: string;
  itemType: "drug" | "procedure" | "unspecified";
  expedited: boolean;
  /** approved / denied when decided; anything else counts as not (yet) decided. */
  status: string;
  receivedAt: Date;
  decidedAt: Date | null;
  /** The final decision was a reviewer's approval after the engine recommended otherwise or pended the case. */
  approvedAfterReview: boolean;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const pct = (part: number, whole: number) => (whole === 0 ? null : round1((part / whole) * 100));

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const isDecided = (c: MetricsCase) => (c.status === "approved" || c.status === "denied") && c.decidedAt !== null;

export function computeStats(cases: MetricsCase[]): TMetricsStats {
  const decided = cases.filter(isDecided);
  const approved = decided.filter((c) => c.status === "approved");
  const denied = decided.filter((c) => c.status === "denied");
  const afterReview = approved.filter((c) => c.approvedAfterReview);
  const hours = decided.map((c) => Math.max(0, (c.decidedAt!.getTime() - c.receivedAt.getTime()) / 3600_000));
  const avg = hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null;
  const med = median(hours);
  return {
    requests: cases.length,
    decided: decided.length,
    approved: approved.length,
    denied: denied.length,
    approved_pct: pct(approved.length, cases.length),
    denied_pct: pct(denied.length, cases.length),
    approved_after_review: afterReview.length,
    approved_after_review_pct: pct(afterReview.length, cases.length),
    avg_hours_to_decision: avg === null ? null : round1(avg),
    median_hours_to_decision: med === null ? null : round1(med),
  };
}

export function computeGroup(cases: MetricsCase[]): TMetricsGroup {
  return {
    all: computeStats(cases),
    standard: computeStats(cases.filter((c) => !c.expedited)),
    expedited: computeStats(cases.filter((c) => c.expedited)),
  };
}

/** Overall and per item (most requested first, then by name). */
export function computeMetrics(cases: MetricsCase[], period: { from: string; to: string; now?: Date }): TMetricsReport {
  const byItem = new Map<string, MetricsCase[]>();
  for (const c of cases) {
    const key = `${c.itemType}\u0000${c.item}`;
    byItem.set(key, [...(byItem.get(key) ?? []), c]);
  }
  const items = [...byItem.values()]
    .map((group) => ({ item: group[0].item, item_type: group[0].itemType, ...computeGroup(group) }))
    .sort((a, b) => b.all.requests - a.all.requests || a.item.localeCompare(b.item));
  return { from: period.from, to: period.to, generated_at: (period.now ?? new Date()).toISOString(), overall: computeGroup(cases), items };
}
