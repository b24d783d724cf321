import { toAppliedCorrection } from "@/lib/intake/corrections";
import { formatTimestamp } from "@/lib/time";

type CorrectionRow = Parameters<typeof toAppliedCorrection>[0] & { before: unknown };

/** A stored correction as the API shows it: the field, its value before and after, where the value comes from, who and when. */
export function presentCorrection(row: CorrectionRow) {
  const applied = toAppliedCorrection(row);
  return { ...applied, before: row.before ?? null, corrected_at: formatTimestamp(row.createdAt) };
}
