// One coverage for the case from every source that states one: each field from the strongest source that gives it
// (ePA payload, FHIR, a form's field), with the evidence of every source stating the same value. The member ID is the
// merged patient's when the patient has one, so the Patient identifier and the Coverage never disagree. Pure.
import type { SourcedFacts } from "./facts";
import type { Evidence, IntakeCoverage, IntakePatient } from "./types";

const FIELDS = ["memberId", "payer", "plan", "group"] as const;
type Field = (typeof FIELDS)[number];

const same = (a: string, b: string) => a.replace(/[\s-]/g, "").toLowerCase() === b.replace(/[\s-]/g, "").toLowerCase();

export function mergeCoverage(sources: SourcedFacts[], patient: IntakePatient | null): IntakeCoverage | null {
  const stated = sources
    .map((s, order) => ({ coverage: s.facts.coverage, strength: s.strength, order }))
    .filter((s): s is { coverage: IntakeCoverage; strength: number; order: number } => !!s.coverage)
    .sort((a, b) => b.strength - a.strength || a.order - b.order);
  const out: IntakeCoverage = { memberId: null, payer: null, plan: null, group: null, evidence: [] };
  for (const field of FIELDS) {
    const fromPatient = field === "memberId" ? (patient?.memberId ?? null) : null;
    const value = fromPatient ?? stated.map((s) => s.coverage[field]).find((v): v is string => !!v) ?? null;
    if (!value) continue;
    out[field] = value;
    const evidence: Evidence[] = [
      ...stated.filter((s) => s.coverage[field] && same(s.coverage[field] as string, value)).flatMap((s) => fieldEvidence(s.coverage, field)),
      ...(fromPatient ? (patient?.evidence ?? []).filter((e) => e.field === "memberId") : []),
    ];
    out.evidence.push(...unique(evidence));
  }
  return FIELDS.some((f) => out[f]) ? out : null;
}

function fieldEvidence(coverage: IntakeCoverage, field: Field): Evidence[] {
  return coverage.evidence.filter((e) => e.field === field);
}

function unique(list: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.documentId}|${e.page}|${e.start}|${e.end}|${e.path ?? ""}|${e.field ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
