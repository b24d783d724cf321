import { describe, expect, it } from "vitest";
import { analyteOf, sameAnalyte } from "./labs";

// name on a lab report | analyte the policy names | same analyte
const ROWS: [string, string, boolean][] = [
  ["Hemoglobin A1c", "HbA1c", true],
  ["blood eosinophils", "blood eosinophil count", true],
  ["Absolute Eosinophil Count (AEC)", "eosinophils", true],
  ["Basophils", "blood eosinophil count", false],
  ["A1C (POC)", "glycated hemoglobin", true],
  ["LDL-C, calculated", "LDL cholesterol", true],
  ["Platelet Count", "platelets", true],
  ["PLT", "platelet count", true],
  ["ALT (SGPT)", "alanine aminotransferase", true],
  ["SGOT", "AST", true],
  ["ESR", "sed rate", true],
  ["hs-CRP", "C-reactive protein", true],
  ["HDL", "LDL", false],
  ["AST", "ALT", false],
  ["TSH", "IGF-1", false],
  ["IGF-1", "IGF-I", true],
  ["Somatomedin C (IGF-1)", "IGF-I", true],
  ["Insulin-like Growth Factor-1", "somatomedin C", true],
];

describe.each(ROWS)("%s for %s", (labName, analyte, same) => {
  it(`same analyte: ${same}`, () => expect(sameAnalyte(labName, analyte)).toBe(same));
});

// name | analyte id | LOINC
const ID_ROWS: [string, string | null, string | null][] = [
  ["Hemoglobin A1c", "hba1c", "4548-4"],
  ["WBC", "wbc", "6690-2"],
  ["Sodium", null, null],
];

describe.each(ID_ROWS)("analyteOf(%s)", (name, id, loinc) => {
  it(`is ${id}`, () => {
    expect(analyteOf(name)?.id ?? null).toBe(id);
    expect(analyteOf(name)?.loinc ?? null).toBe(loinc);
  });
});
