import { describe, expect, it } from "vitest";
import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { collectProvenance } from "@/lib/fhir/provenance";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";
import { ZIntakeResponse } from "./intake";

const PA = "7f0c2a52-1d1e-4c57-9a0e-3b7d2f4c9e11";

describe("the intake response schema (the portal's types are inferred from it)", () => {
  const facts = realisticFacts();
  const fhir = buildIntakeFhir(facts, {
    priorAuthId: PA,
    extensionBase: "https://pa.example.com/fhir/StructureDefinition",
    summaries: { diagnosis: (dx) => `Summary of ${dx.icd10[0]}`, medication: (mr) => `Summary of ${mr.ndc}` },
  });

  it("accepts what buildIntakeFhir builds, provenance included", () => {
    const parsed = ZIntakeResponse.safeParse({ fhir, provenance: collectProvenance(facts, intakeResourceIds(facts, PA)) });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it("refuses a Patient whose gender is not a code", () => {
    expect(ZIntakeResponse.safeParse({ fhir: { ...fhir, patient: { ...fhir.patient, gender: 1 } } }).success).toBe(false);
  });
});
