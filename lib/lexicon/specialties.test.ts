import { describe, expect, it } from "vitest";
import { nuccRow, specialtyCode, specialtySatisfies } from "./specialties";

// specialty as written | NUCC taxonomy code (null: none)
const CODE_ROWS: [string, string | null][] = [
  ["Pediatric Hematology-Oncology", "2080P0207X"],
  ["Pediatric Hematology & Oncology Physician", "2080P0207X"],
  ["Neurology", "2084N0400X"],
  ["Neurologist", "2084N0400X"],
  ["Child Neurology", "2084N0402X"],
  ["Hem/Onc", "207RH0003X"],
  ["Internal Medicine", "207R00000X"],
  ["Endocrinology, Diabetes & Metabolism", "207RE0101X"],
  ["Rheumatology", "207RR0500X"],
  ["Dermatologist", "207N00000X"],
  ["Basket weaving", null],
  // Qualified, or under its board: the specialty part
  ["Neurology – vascular/stroke", "2084N0400X"],
  ["Neurology (vascular/stroke)", "2084N0400X"],
  ["Pediatric Neurology – Neuromuscular Medicine", "2084N0402X"],
  ["Cardiology (lipid clinic)", "207RC0000X"],
  ["Internal Medicine - Cardiology", "207RC0000X"],
  ["Internal Medicine/Rheumatology", "207RR0500X"],
  ["Family Medicine (PA-C, supervised)", "207Q00000X"],
  ["Cardiovascular Disease (Cardiology)", "207RC0000X"],
  ["Adult Neurology", "2084N0400X"],
  ["General Pediatrics", "208000000X"],
  ["Endocrine", "207RE0101X"],
  ["Hem/Onc", "207RH0003X"],
  ["Stroke clinic (vascular)", null],
  ["Cardiovascular Disease (Cardiology)", "207RC0000X"],
];

describe.each(CODE_ROWS)("specialtyCode(%s)", (text, code) => {
  it(`is ${code}`, () => {
    expect(specialtyCode(text)).toBe(code);
    if (code) expect(nuccRow(code)?.code).toBe(code);
  });
});

// prescriber's specialty | policy's required specialty | satisfies
const SATISFIES_ROWS: [string, string, boolean][] = [
  ["Pediatric Hematology-Oncology", "oncologist or hematologist", true],
  ["Pediatric Hematology-Oncology", "oncologist", true],
  ["Neurology", "neurologist", true],
  ["Pediatric Neurology", "neurologist", true],
  ["Epilepsy", "neurologist", true],
  ["Internal Medicine", "endocrinologist", false],
  ["Family Medicine", "neurologist", false],
  ["Neurology", "urologist", false],
  ["Hem/Onc", "hematologist", true],
  ["Medical Oncology", "hematologist", false],
  ["Endocrinology, Diabetes & Metabolism", "endocrinologist", true],
  ["Gastroenterology", "gastroenterologist or hepatologist", true],
  ["Dermatology", "rheumatologist", false],
  ["Sleep medicine", "sleep specialist", true],
];

describe.each(SATISFIES_ROWS)("%s for %s", (prescriber, required, satisfies) => {
  it(`satisfies: ${satisfies}`, () => expect(specialtySatisfies(prescriber, required)).toBe(satisfies));
});
