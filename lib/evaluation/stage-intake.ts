// Stage (d) of the evaluation: the intake's fields per form layout (pure). A case's layout is its label's
// `payer_form` (the corpus), or its fixture's name (the team's fixtures). Per field, a case agrees when the intake
// gives exactly the labelled values: every labelled value found (intake-scoring.ts `matches`) and none other.
// Fields a label leaves out are not scored. Patient name is not labelled by any source, so it is not scored.
import type { IntakeFacts } from "@/lib/intake/types";
import { labelsOfCase, predicted, score, type Field } from "./intake-scoring";

export const INTAKE_FIELDS = ["dob", "sex", "drug", "quantity", "days_supply", "diagnoses", "npi", "specialty"] as const;
export type IntakeField = (typeof INTAKE_FIELDS)[number];

export interface IntakeOutcome {
  key: string;
  /** "<source>/<layout>" */
  layoutGroup: string;
  /** "<source>/<family>" */
  group: string;
  /** field -> agrees; only labelled fields. */
  fields: Partial<Record<IntakeField, boolean>>;
  /** What differs, in words ("sex: expected F, read none"). */
  differences: string[];
}

/** A label's sex ("F", "M", "female") as FHIR's administrative gender. */
const genderOf = (v: unknown): string | null => {
  const s = String(v ?? "").trim().toLowerCase();
  return s.startsWith("f") ? "female" : s.startsWith("m") ? "male" : s ? s : null;
};

export function intakeOutcome(opts: { key: string; source: string; family: string; layout: string; facts: IntakeFacts; label: Record<string, unknown> }): IntakeOutcome {
  const { facts, label } = opts;
  const fields: Partial<Record<IntakeField, boolean>> = {};
  const differences: string[] = [];
  const pred = predicted(facts);
  const labels = labelsOfCase(label);
  const scored: [IntakeField, Field][] = [["dob", "dob"], ["drug", "drug"], ["quantity", "quantity"], ["diagnoses", "diagnoses"], ["npi", "npi"], ["specialty", "specialty"]];
  const results = new Map<IntakeField, { agrees: boolean; what: string }>();
  for (const [name, field] of scored) {
    const exp = labels[field];
    if (!exp) continue;
    const s = score(pred[field], exp, field, false);
    results.set(name, { agrees: s.fn === 0 && s.fp === 0, what: `missed ${JSON.stringify(s.misses)} extra ${JSON.stringify(s.extras)}` });
  }
  const sex = genderOf(label.patient_sex);
  if (sex) {
    const read = facts.patient?.gender ?? null;
    results.set("sex", { agrees: read === sex, what: `expected ${sex}, read ${read ?? "none"}` });
  }
  if (typeof label.days_supply === "number") {
    const read = [...new Set(facts.medicationRequests.flatMap((m) => (m.daysSupply !== null ? [m.daysSupply] : [])))];
    results.set("days_supply", { agrees: read.length === 1 && read[0] === label.days_supply, what: `expected ${label.days_supply}, read ${read.length ? read.join(", ") : "none"}` });
  }
  for (const name of INTAKE_FIELDS) {
    const r = results.get(name);
    if (!r) continue;
    fields[name] = r.agrees;
    if (!r.agrees) differences.push(`${name}: ${r.what}`);
  }
  return { key: opts.key, layoutGroup: `${opts.source}/${opts.layout}`, group: `${opts.source}/${opts.family}`, fields, differences };
}
