// The generated variants the evaluation reads (generated-intake.eval.test.ts): seeds 1..count, each drawn as a PDF,
// with the labels stage-intake.ts scores (the corpus's label format). The specialty's label is its NUCC name, so a
// form's "Cardiologist" must be read as Cardiovascular Disease (207RC0000X), not merely copied.
import { nuccRow } from "@/lib/lexicon/specialties";
import { generateVariant, type GeneratedVariant } from "./generate-variant";

export const GENERATED_SEED_BASE = 2026_11_27;
export const VARIANT_COUNT = 200;

export function generatedVariants(count = VARIANT_COUNT): GeneratedVariant[] {
  return Array.from({ length: count }, (_, i) => generateVariant(GENERATED_SEED_BASE + i));
}

/** The variant's truth as labels (../shared/corpus/policy-families/labels.json's fields). */
export function labelOf(v: GeneratedVariant): Record<string, unknown> {
  const row = nuccRow(v.truth.prescriber_taxonomy);
  if (!row) throw new Error(`${v.id}: no NUCC row ${v.truth.prescriber_taxonomy}`);
  const t = v.truth;
  return {
    patient_dob: t.patient_dob,
    patient_sex: t.patient_sex,
    drug: t.drug,
    quantity: t.quantity,
    days_supply: t.days_supply,
    dx_icd10: t.dx_icd10,
    prescriber_npi: t.prescriber_npi,
    prescriber_specialty: row.specialization || row.classification,
  };
}
