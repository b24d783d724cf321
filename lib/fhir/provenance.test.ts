import { describe, expect, it } from "vitest";
import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { emptyFacts, realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { collectProvenance } from "@/lib/fhir/provenance";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";

const PA = "7f0c2a52-1d1e-4c57-9a0e-3b7d2f4c9e11";

describe("collectProvenance", () => {
  it("lists each piece of evidence under the resource it supports, with the built ids", () => {
    const facts = realisticFacts();
    const ids = intakeResourceIds(facts, PA);
    const fhir = buildIntakeFhir(facts, { priorAuthId: PA, extensionBase: "https://x.example/fhir" });
    const rows = collectProvenance(facts, ids);
    expect(rows).toEqual([
      {
        resource: `Patient/${fhir.patient.id}`,
        field: "family",
        document_id: "doc-1",
        page: 1,
        start: 10,
        end: 13,
        quote: "Doe",
      },
      {
        resource: `Patient/${fhir.patient.id}`,
        field: "birthDate",
        document_id: "doc-1",
        page: 1,
        start: 40,
        end: 50,
        quote: "04/17/2012",
      },
      {
        resource: `Practitioner/${fhir.practitioners[0].id}`,
        field: "npi",
        document_id: "doc-1",
        page: 1,
        start: 300,
        end: 310,
        quote: "1234567893",
      },
      {
        resource: `Condition/${fhir.diagnoses[0].id}`,
        field: "icd10",
        document_id: "doc-1",
        page: 2,
        start: 500,
        end: 507,
        quote: "G40.811",
      },
      {
        resource: `MedicationRequest/${fhir.medication_requests[0].id}`,
        field: "ndc",
        document_id: "doc-1",
        page: 3,
        start: 900,
        end: 913,
        quote: "70127-0100-01",
      },
      {
        resource: `MedicationRequest/${fhir.medication_requests[0].id}`,
        field: null,
        document_id: "doc-2",
        page: null,
        start: 0,
        end: 8,
        quote: "2.5 mL",
        path: "entry[2].resource.dosage",
      },
    ]);
    expect(rows.filter((r) => "path" in r)).toHaveLength(1);
  });

  it("is empty for empty facts, and refuses ids built from other facts", () => {
    expect(collectProvenance(emptyFacts(), intakeResourceIds(emptyFacts(), PA))).toEqual([]);
    expect(() => collectProvenance(realisticFacts(), intakeResourceIds(emptyFacts(), PA))).toThrow(/not built from these facts/);
  });
});
