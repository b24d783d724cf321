// The FDA-labeled maximum daily doses (data/labeled-max-doses.json): which rows of the table hold for a requested
// product and patient. A row is chosen by the drug (the vocabulary's generic), the product names it lists (the
// longest one the request names wins: "Adderall XR" over "Adderall"), the release and dosage form the request states,
// the patient's age and diagnoses. What cannot be told apart stays: several rows may hold, and the rule that compares
// doses (lib/policies/checks/answer-labeled-dose.ts) is met only below the lowest of them. Pure.
import { z } from "zod";
import data from "./data/labeled-max-doses.json";
import { findDrugEntry, normalizeDrugText } from "./drugs";
import { productForm } from "./product-form";

const ZLabeledDoseRow = z
  .strictObject({
    drug: z.string().min(1),
    products: z.array(z.string().min(1)).min(1).optional(),
    release: z.enum(["extended", "immediate"]).optional(),
    forms: z.array(z.string().min(1)).min(1).optional(),
    minAge: z.number().min(0).optional(),
    maxAge: z.number().positive().optional(),
    icd10: z.array(z.string().regex(/^[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$/)).min(1).optional(),
    max: z.number().positive().optional(),
    unit: z.enum(["mg", "mcg", "g"]),
    perDays: z.number().int().positive().optional(),
    maxPerKg: z.number().positive().optional(),
    basis: z.string().min(1).optional(),
    source: z.string().min(10),
  })
  .refine((r) => r.max !== undefined || r.maxPerKg !== undefined, { message: "a row states max or maxPerKg" });

export type LabeledDoseRow = z.infer<typeof ZLabeledDoseRow>;

export const LABELED_DOSE_ROWS: readonly LabeledDoseRow[] = z.strictObject({ _comment: z.string(), rows: z.array(ZLabeledDoseRow).min(1) }).parse(data).rows;

/** What the request states of the product: its name with strength and form as written. */
export interface LabeledDoseProduct {
  name: string;
  strength?: string | null;
  dosageForm?: string | null;
}

/** What the patient's rows depend on: age in years on the request date and ICD-10 codes (unknown: every row stays). */
export interface LabeledDosePatient {
  ageYears?: number | null;
  icd10?: readonly string[];
}

export type LabeledDoseLookup =
  | { found: true; generic: string; rows: LabeledDoseRow[] }
  | { found: false; generic: string | null; why: string };

const phrase = (name: string) => new RegExp(`(?<![a-z0-9])${normalizeDrugText(name).replace(/[-/]/g, "[-/ ]?").replace(/ /g, "\\s+")}(?![a-z0-9])`, "i");

/** Release words beyond the dosage-form groups' ("24 hr", "XR", "ER"): brands write "CD", "LA", "PM" too. */
const EXTENDED = /(?<![a-z0-9])(?:er|xr|xl|sr|cr|la|cd|pm|xr-odt|extended[- ]release|sustained[- ]release|controlled[- ]release|24[- ]?hr?|12[- ]?hr?|spansule)(?![a-z0-9])/i;
const IMMEDIATE = /(?<![a-z0-9])(?:ir|immediate[- ]release)(?![a-z0-9])/i;

function releaseOf(text: string): "extended" | "immediate" | null {
  if (EXTENDED.test(text)) return "extended";
  if (IMMEDIATE.test(text)) return "immediate";
  return null;
}

/** The length of the longest product name of `row` the text names (0: none). */
function productMatch(row: LabeledDoseRow, text: string): number {
  return Math.max(0, ...(row.products ?? []).filter((p) => phrase(p).test(text)).map((p) => normalizeDrugText(p).length));
}

const inAge = (row: LabeledDoseRow, age: number) => (row.minAge === undefined || age >= row.minAge) && (row.maxAge === undefined || age < row.maxAge);

/** The labeled-maximum rows that hold for a requested product and patient, or why none does. */
export function labeledDoseRows(product: LabeledDoseProduct, patient: LabeledDosePatient = {}): LabeledDoseLookup {
  const text = normalizeDrugText([product.name, product.strength ?? "", product.dosageForm ?? ""].join(" "));
  // A brand is written before its ingredients' description: "MYDAYIS (mixed amphetamine salts ER)" is Mydayis.
  const outside = normalizeDrugText([product.name.replace(/\([^)]*\)/g, " "), product.strength ?? "", product.dosageForm ?? ""].join(" "));
  // The product: the rows naming the longest product the request names (across drugs: "dextroamphetamine-amphetamine
  // ER" is Adderall XR's generic, not dextroamphetamine); else the generic products' rows of the request's drug.
  let best = Math.max(...LABELED_DOSE_ROWS.map((r) => productMatch(r, outside)));
  let named = outside;
  if (best === 0) {
    best = Math.max(...LABELED_DOSE_ROWS.map((r) => productMatch(r, text)));
    named = text;
  }
  const entry = findDrugEntry(product.name)?.generic ?? null;
  let rows: LabeledDoseRow[];
  let generic: string | null;
  if (best > 0) {
    rows = LABELED_DOSE_ROWS.filter((r) => productMatch(r, named) === best);
    generic = rows[0].drug;
    if (rows.some((r) => r.drug !== generic)) return { found: false, generic: entry, why: `"${product.name}" names products of several drugs (${[...new Set(rows.map((r) => r.drug))].join(", ")})` };
  } else {
    generic = entry;
    if (!generic) return { found: false, generic: null, why: `"${product.name}" is no drug of the lexicon's vocabulary, so no labeled maximum is known for it` };
    const ofDrug = LABELED_DOSE_ROWS.filter((r) => r.drug === generic);
    if (!ofDrug.length) return { found: false, generic, why: `the lexicon has no FDA-labeled maximum daily dose for ${generic}` };
    rows = ofDrug.filter((r) => !r.products);
    if (!rows.length) rows = ofDrug;
  }
  const release = releaseOf(text);
  if (release) rows = rows.filter((r) => !r.release || r.release === release);
  const forms = productForm(text).forms.filter((f) => f !== "extended release");
  if (forms.length) rows = rows.filter((r) => !r.forms || r.forms.some((f) => forms.includes(f)));
  if (!rows.length) return { found: false, generic, why: `the lexicon's labeled maximums for ${generic} are for other products than "${product.name}"` };
  const age = patient.ageYears;
  if (age !== null && age !== undefined) {
    rows = rows.filter((r) => inAge(r, age));
    if (!rows.length) return { found: false, generic, why: `the lexicon has no labeled maximum of ${generic} for a patient of ${Math.floor(age)} years` };
  }
  const codes = (patient.icd10 ?? []).map((c) => c.toUpperCase());
  if (codes.length) {
    rows = rows.filter((r) => !r.icd10 || r.icd10.some((p) => codes.some((c) => c.startsWith(p))));
    if (!rows.length) return { found: false, generic, why: `the lexicon's labeled maximums for ${generic} are for other diagnoses than ${codes.join(", ")}` };
  }
  return { found: true, generic, rows };
}
