import { describe, expect, it } from "vitest";
import { icd10PrefixesFor, looksLikeCondition } from "./conditions";

describe("looksLikeCondition", () => {
  it("knows a disease by its medical suffix, not only by a listed name", () => {
    expect(looksLikeCondition("Eosinophilic Granulomatosis with Polyangiitis")).toBe(true);
    expect(looksLikeCondition("Chronic Rhinosinusitis with Nasal Polyposis")).toBe(true);
    expect(looksLikeCondition("Diagnosis and prognosis")).toBe(false);
    expect(looksLikeCondition("Patients less than 19 years of age")).toBe(false);
  });

  it("maps indications of drug policies to ICD-10-CM prefixes", () => {
    expect(icd10PrefixesFor("Acute Lymphoblastic Leukemia")).toEqual(["C91.0"]);
    expect(icd10PrefixesFor("Prurigo Nodularis")).toEqual(["L28.1"]);
  });
});
