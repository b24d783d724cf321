// "Daily dose may not exceed the FDA-labeled maximum": the requested daily dose (requested-daily-dose.ts) against the
// labeled maximum of the product for the patient's age and diagnosis (the lexicon's labeled-max-doses.json).
// Met only when the dose is computed from the request's quoted figures, every way it can be computed gives the same
// dose, and it is at most the lowest maximum of every row that may hold (a weight-based cap needs the weight). Not met
// when it is above the highest of them. Anything else is a clinician's step that says why.
import { labeledDoseRows, type LabeledDoseRow } from "@/lib/lexicon/labeled-doses";
import { ageInYears } from "./answer-age";
import { cite, toStepEvidence, type CaseContext, type CheckAnswer } from "../case-context";
import { dailyDoses, inUnit, toMcg, type DailyDose } from "./requested-daily-dose";

const manual = (answer: string, reason: string, evidence: CheckAnswer["evidence"] = []): CheckAnswer => ({ outcome: "manual", answer, reason, evidence });

/** A row's maximum a day in mcg (null: weight-based only). */
const rowMcgPerDay = (row: LabeledDoseRow) => (row.max === undefined ? null : toMcg(row.max, row.unit) / (row.perDays ?? 1));
const rowText = (row: LabeledDoseRow) => `${row.max !== undefined ? `${row.max} ${row.unit}${row.perDays ? ` per ${row.perDays} days` : " a day"}` : ""}${row.max !== undefined && row.maxPerKg ? " and " : ""}${row.maxPerKg ? `${row.maxPerKg} ${row.unit}/kg a day` : ""} (${row.source})`;

/** Two computed doses agree within rounding of the written strengths (1 %). */
const agree = (a: DailyDose, b: DailyDose) => Math.abs(a.mcgPerDay - b.mcgPerDay) <= 0.01 * Math.max(a.mcgPerDay, b.mcgPerDay);

export function answerLabeledDose(ctx: CaseContext): CheckAnswer {
  const med = ctx.requested;
  if (!med) return { outcome: "missing", answer: "The case has no medication request.", reason: "The requested product, strength, quantity and directions are needed to compare with the FDA-labeled maximum.", evidence: [], missingInformation: "Medication request with strength, quantity, days supply and directions" };
  const evidence = toStepEvidence(med.evidence);
  const source = evidence.length ? ` (${cite(ctx, evidence)})` : "";
  const birthDate = ctx.facts.patient?.birthDate;
  const age = birthDate ? ageInYears(birthDate, ctx.asOf) : null;
  const icd10 = ctx.facts.diagnoses.flatMap((d) => d.icd10);
  const lookup = labeledDoseRows({ name: med.name, strength: med.strength, dosageForm: med.dosageForm }, { ageYears: age, icd10 });
  if (!lookup.found) return manual(`Not checked: ${lookup.why}.`, `A clinician compares the requested dose of ${med.name} with its FDA label.`, evidence);
  const { doses, why } = dailyDoses(med);
  if (!doses.length) return manual(`Not checked: the requested daily dose of ${med.name} cannot be computed${source}: ${why.join("; ")}.`, "A clinician computes the daily dose and compares it with the FDA-labeled maximum.", evidence);
  if (doses.length > 1 && !agree(doses[0], doses[1])) {
    return manual(
      `The request states two different daily doses${source}: ${doses.map((d) => d.shown).join("; and ")}.`,
      "The quantity and days supply and the directions disagree; a person decides which dose is requested before it is compared with the FDA-labeled maximum.",
      evidence,
    );
  }
  const dose = Math.max(...doses.map((d) => d.mcgPerDay));
  const unit = lookup.rows[0].unit;
  const requested = `${inUnit(dose, unit)} a day (${doses.map((d) => d.shown).join("; ")})`;
  const maxima = lookup.rows.map(rowMcgPerDay);
  const absolute = maxima.filter((m): m is number => m !== null);
  const weightBased = lookup.rows.filter((r) => r.maxPerKg !== undefined);
  const rows = lookup.rows.map(rowText).join("; ");
  if (absolute.length === maxima.length && dose > Math.max(...absolute) + 1e-6) {
    return { outcome: "not_met", answer: `No: the request is ${requested}${source}.`, reason: `Above the FDA-labeled maximum: ${rows}.`, evidence };
  }
  if (absolute.length && dose > Math.min(...absolute) + 1e-6) {
    return manual(`The request is ${requested}${source}.`, `The labeled maximum depends on what the case does not settle (product, age or indication): ${rows}. The dose is above the lowest of them; a clinician decides.`, evidence);
  }
  if (weightBased.length) {
    return manual(`The request is ${requested}${source}.`, `The FDA-labeled maximum is weight-based (${weightBased.map(rowText).join("; ")}) and the case states no weight the engine reads; a clinician compares.`, evidence);
  }
  if (!evidence.length) return manual(`The request is ${requested}, but no document quotes it.`, "The dose must be read from a document of the case to be confirmed.");
  return { outcome: "met", answer: `Yes: the request is ${requested}${source}.`, reason: `Within the FDA-labeled maximum: ${rows}.`, evidence };
}
