import type { TMetricsReport, TMetricsStats } from "@/lib/schemas/report";

const COLUMNS: (keyof TMetricsStats)[] = [
  "requests", "decided", "approved", "denied", "approved_pct", "denied_pct", "approved_after_review", "approved_after_review_pct",
  "avg_hours_to_decision", "median_hours_to_decision",
];

/** RFC 4180 quoting; a leading = + - @ is defused so that a spreadsheet never runs a drug name as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line per item and segment (all, standard, expedited); the overall lines first, as item "ALL". */
export function metricsToCsv(report: TMetricsReport): string {
  const lines = [["from", "to", "item", "item_type", "segment", ...COLUMNS].join(",")];
  const groups = [{ item: "ALL", item_type: "overall", ...report.overall }, ...report.items];
  for (const group of groups) {
    for (const segment of ["all", "standard", "expedited"] as const) {
      const stats = group[segment];
      lines.push([report.from, report.to, group.item, group.item_type, segment, ...COLUMNS.map((c) => stats[c])].map(csvCell).join(","));
    }
  }
  return lines.join("\r\n") + "\r\n";
}
