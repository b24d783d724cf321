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

// A subtype's own code: a criterion naming one is never met by a case coded with a sibling or the unspecified parent.
const PREFIXES: [name: string, prefixes: string[]][] = [
  ["homozygous familial hypercholesterolemia (HoFH) (Repatha only).", ["E78.010"]],
  ["heterozygous familial hypercholesterolemia (HeFH)", ["E78.011"]],
  ["familial hypercholesterolemia", ["E78.01"]],
  ["primary hypercholesterolemia", ["E78"]],
  ["GERD", ["K21"]],
  ["erosive esophagitis", ["K21.0"]],
  ["Helicobacter pylori infection", ["B96.81"]],
  ["a hypersecretory condition (e.g., Zollinger-Ellison)", ["E16.4"]],
];

describe.each(PREFIXES)("icd10PrefixesFor(%s)", (name, prefixes) => {
  it(prefixes.join(", "), () => expect(icd10PrefixesFor(name)).toEqual(prefixes));
});
