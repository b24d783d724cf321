import { describe, expect, it } from "vitest";
import { findDrugEntry } from "./drugs";
import { LABELED_DOSE_ROWS, labeledDoseRows } from "./labeled-doses";

describe("labeled-max-doses.json: every row", () => {
  it.each(LABELED_DOSE_ROWS.map((r) => [`${r.drug} ${r.products?.[0] ?? r.release ?? ""} ${r.minAge ?? ""}-${r.maxAge ?? ""}${r.icd10 ? ` ${r.icd10.join(",")}` : ""}`, r] as const))("%s names its drug as the vocabulary does, its products are that drug, and it cites a label section", (_name, row) => {
    expect(findDrugEntry(row.drug)?.generic).toBe(row.drug);
    // Each product name finds rows of this drug (a combination's generic name too: "dextroamphetamine-amphetamine ER").
    for (const product of row.products ?? []) {
      const found = labeledDoseRows({ name: product });
      expect(found.found ? found.rows[0].drug : found.why, product).toBe(row.drug);
    }
    expect(row.source).toMatch(/\blabels?\b.*(?:\b\d\.\d\b|\(Dosage and Administration)/);
    if (row.minAge !== undefined && row.maxAge !== undefined) expect(row.maxAge).toBeGreaterThan(row.minAge);
  });
  it("covers the stimulant class and the corpus groups' drugs", () => {
    const drugs = new Set(LABELED_DOSE_ROWS.map((r) => r.drug));
    for (const d of ["methylphenidate", "dexmethylphenidate", "amphetamine", "dextroamphetamine", "lisdexamfetamine", "serdexmethylphenidate/dexmethylphenidate", "viloxazine", "atomoxetine", "guanfacine",
      "dextromethorphan/quinidine", "mifepristone", "deflazacort", "octreotide", "evolocumab", "alirocumab", "teriparatide", "dexlansoprazole", "omeprazole", "sitagliptin", "montelukast", "rosuvastatin", "sumatriptan", "ondansetron", "zolpidem"]) {
      expect(drugs.has(d), d).toBe(true);
    }
  });
});

// [product, patient, found maxima ("<max> <unit>[/perDays]", sorted) or the reason none is found]
const lookups: [string, { name: string; strength?: string; dosageForm?: string }, { ageYears?: number; icd10?: string[] }, string[] | RegExp][] = [
  ["Azstarys at 9", { name: "AZSTARYS (serdexmethylphenidate/dexmethylphenidate)", strength: "26.1 mg/5.2 mg", dosageForm: "capsule" }, { ageYears: 9 }, ["52.3 mg"]],
  ["Azstarys at 4: no row", { name: "Azstarys" }, { ageYears: 4 }, /no labeled maximum of serdexmethylphenidate\/dexmethylphenidate for a patient of 4 years/],
  ["Mydayis at 12: not labeled under 13", { name: "MYDAYIS (mixed amphetamine salts ER) 12.5 mg capsule" }, { ageYears: 12 }, /for a patient of 12 years/],
  ["Mydayis at 15", { name: "Mydayis 25 mg" }, { ageYears: 15 }, ["25 mg"]],
  ["Mydayis at 30", { name: "Mydayis 25 mg" }, { ageYears: 30 }, ["50 mg"]],
  ["Adderall XR over Adderall, child", { name: "Adderall XR 20 mg capsule" }, { ageYears: 9 }, ["30 mg"]],
  ["dextroamphetamine-amphetamine ER is Adderall XR's generic, not dextroamphetamine", { name: "dextroamphetamine-amphetamine ER 20 mg capsule" }, { ageYears: 9 }, ["30 mg"]],
  ["Adderall XR, adult", { name: "Adderall XR 20 mg capsule" }, { ageYears: 35 }, ["20 mg"]],
  ["Adderall IR for ADHD", { name: "Adderall 10 mg tablet" }, { ageYears: 20, icd10: ["F90.0"] }, ["40 mg"]],
  ["Adderall IR for narcolepsy", { name: "Adderall 10 mg tablet" }, { ageYears: 20, icd10: ["G47.419"] }, ["60 mg"]],
  ["Adderall IR, diagnosis unknown: both rows", { name: "Adderall 10 mg tablet" }, { ageYears: 20 }, ["40 mg", "60 mg"]],
  ["Concerta, child", { name: "Concerta 36 mg tablet" }, { ageYears: 10 }, ["54 mg"]],
  ["Concerta, adolescent", { name: "Concerta 54 mg tablet" }, { ageYears: 14 }, ["72 mg"]],
  ["generic methylphenidate ER tablet, child", { name: "methylphenidate ER 36 mg tablet" }, { ageYears: 8 }, ["54 mg"]],
  ["generic methylphenidate ER capsule", { name: "methylphenidate ER", strength: "40 mg", dosageForm: "capsule" }, { ageYears: 8 }, ["60 mg"]],
  ["generic methylphenidate ER, form unknown: both", { name: "methylphenidate ER 40 mg" }, { ageYears: 8 }, ["54 mg", "60 mg"]],
  ["methylphenidate IR", { name: "methylphenidate 10 mg tablet IR" }, { ageYears: 8 }, ["60 mg"]],
  ["Focalin XR over Focalin, adult", { name: "Focalin XR 20 mg" }, { ageYears: 30 }, ["40 mg"]],
  ["Qelbree, child", { name: "Qelbree 200 mg capsule" }, { ageYears: 10 }, ["400 mg"]],
  ["Nuedexta", { name: "Nuedexta (dextromethorphan HBr/quinidine sulfate)", strength: "20 mg/10 mg" }, { ageYears: 64 }, ["40 mg"]],
  ["Repatha, HeFH or HoFH code: both", { name: "Repatha SureClick (evolocumab) 140 mg/mL" }, { ageYears: 68, icd10: ["E78.01"] }, ["420 mg/28", "840 mg/28"]],
  ["Repatha, ASCVD", { name: "Repatha 140 mg/mL" }, { ageYears: 68, icd10: ["I25.10"] }, ["420 mg/28"]],
  ["omeprazole, Zollinger-Ellison", { name: "omeprazole 40 mg capsule" }, { ageYears: 50, icd10: ["E16.4"] }, ["360 mg", "40 mg"]],
  ["octreotide for carcinoid: no row", { name: "Sandostatin (octreotide acetate) injection" }, { ageYears: 46, icd10: ["E34.0"] }, /other diagnoses than E34.0/],
  ["Emflaza: weight-based", { name: "Emflaza (deflazacort) 18 mg" }, { ageYears: 8 }, ["0.9 mg/kg"]],
  ["a drug without rows", { name: "Epidiolex (cannabidiol)" }, { ageYears: 8 }, /no FDA-labeled maximum daily dose for cannabidiol/],
  ["a name of no drug", { name: "Strength / form" }, {}, /no drug of the lexicon's vocabulary/],
];

describe.each(lookups)("labeled maximum: %s", (_name, product, patient, expected) => {
  it("is found as expected", () => {
    const found = labeledDoseRows(product, patient);
    if (expected instanceof RegExp) {
      expect(found.found).toBe(false);
      if (!found.found) expect(found.why).toMatch(expected);
    } else {
      expect(found.found).toBe(true);
      if (found.found) expect(found.rows.map((r) => (r.max !== undefined ? `${r.max} ${r.unit}${r.perDays ? `/${r.perDays}` : ""}` : `${r.maxPerKg} ${r.unit}/kg`)).sort()).toEqual(expected);
    }
  });
});
