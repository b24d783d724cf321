// How often people correct each intake fact: the engine's reading errors as reviewers see them. Pure.
import { CORRECTION_FIELDS, CORRECTION_FIELD_LABELS, type CorrectionField } from "@/lib/intake/corrections";
import type { TCorrectionMetrics } from "@/lib/schemas/report";

/** Per field: corrections made, cases corrected, and the share of the period's cases with that field corrected. */
export function computeCorrectionMetrics(corrections: readonly { priorAuthId: string; field: string }[], caseCount: number): TCorrectionMetrics {
  const casesOf = new Map<string, Set<string>>();
  const countOf = new Map<string, number>();
  for (const c of corrections) {
    countOf.set(c.field, (countOf.get(c.field) ?? 0) + 1);
    casesOf.set(c.field, (casesOf.get(c.field) ?? new Set()).add(c.priorAuthId));
  }
  const rate = (n: number) => (caseCount ? Math.round((n / caseCount) * 1000) / 1000 : null);
  return {
    total: corrections.length,
    cases_corrected: new Set(corrections.map((c) => c.priorAuthId)).size,
    cases: caseCount,
    by_field: CORRECTION_FIELDS.map((field: CorrectionField) => {
      const cases = casesOf.get(field)?.size ?? 0;
      return { field, label: CORRECTION_FIELD_LABELS[field], corrections: countOf.get(field) ?? 0, cases_corrected: cases, case_rate: rate(cases) };
    }),
  };
}
