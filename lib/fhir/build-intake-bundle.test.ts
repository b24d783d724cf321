import { describe, expect, it } from "vitest";
import type { Bundle, Condition, Coverage, MedicationRequest, Patient, Practitioner, Resource } from "@medplum/fhirtypes";
import { buildIntakeBundle } from "@/lib/fhir/build-intake-bundle";
import { emptyFacts, realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";
import { validateFhirResource } from "@/lib/fhir/validate-fhir";

const PA = "7f0c2a52-1d1e-4c57-9a0e-3b7d2f4c9e11";
const BASE = "https://pa.example.com/fhir/StructureDefinition";

function byType<T extends Resource>(bundle: Bundle, type: T["resourceType"]): T[] {
  return (bundle.entry ?? []).map((e) => e.resource).filter((r): r is T => r?.resourceType === type);
}

describe("buildIntakeBundle", () => {
  const facts = realisticFacts();
  const bundle = buildIntakeBundle(facts, { priorAuthId: PA, extensionBase: BASE, timestamp: "2026-01-05T10:00:00Z" });
  const ids = intakeResourceIds(facts, PA);

  it("is a collection Bundle whose entries all have a urn:uuid fullUrl", () => {
    expect(bundle.resourceType).toBe("Bundle");
    expect(bundle.type).toBe("collection");
    expect(bundle.timestamp).toBe("2026-01-05T10:00:00Z");
    expect(bundle.entry!.map((e) => e.resource!.resourceType)).toEqual([
      "Patient",
      "Coverage",
      "Practitioner",
      "Condition",
      "Condition",
      "MedicationRequest",
    ]);
    for (const entry of bundle.entry!) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
  });

  it("validates with no problems", async () => {
    expect(await validateFhirResource(bundle)).toEqual([]);
  });

  it("uses standard codes and types", () => {
    const [patient] = byType<Patient>(bundle, "Patient");
    expect(patient.gender).toBe("female");
    expect(patient.birthDate).toBe("2012-04-17");
    const [mr] = byType<MedicationRequest>(bundle, "MedicationRequest");
    const dose = mr.dosageInstruction![0].doseAndRate![0].doseQuantity!;
    expect(dose).toEqual({ value: 2.5, unit: "mL" });
    expect(typeof dose.value).toBe("number");
    expect(mr).not.toHaveProperty("medicationCodeableConcept.display");
    expect(mr.medicationCodeableConcept!.coding!.map((c) => c.system)).toEqual([
      "http://hl7.org/fhir/sid/ndc",
      "http://www.nlm.nih.gov/research/umls/rxnorm",
    ]);
    expect(mr.extension).toEqual([
      { url: `${BASE}/total-units-requested`, valueDecimal: 150 },
      { url: `${BASE}/ai-summary`, valueString: expect.stringContaining("Epidiolex") },
    ]);
    expect(mr.dispenseRequest).toEqual({
      numberOfRepeatsAllowed: 5,
      quantity: { value: 150, unit: "mL" },
      expectedSupplyDuration: { value: 30, unit: "days", system: "http://unitsofmeasure.org", code: "d" },
    });
  });

  it("returns the member ID as a Coverage of the Patient (payer, plan and group when known)", async () => {
    const [coverage] = byType<Coverage>(bundle, "Coverage");
    expect(coverage).toMatchObject({
      status: "active",
      subscriberId: "W123456789",
      beneficiary: { reference: `urn:uuid:${ids.patient}`, type: "Patient" },
      payor: [{ display: "Payer not stated in the documents" }],
    });
    const withPlan = buildIntakeBundle(
      { ...facts, coverage: { memberId: "W123456789", payer: "Prairie Mutual", plan: "Gold PPO", group: "G-12", evidence: [] } },
      { priorAuthId: PA, extensionBase: BASE },
    );
    const [full] = byType<Coverage>(withPlan, "Coverage");
    expect(full.payor).toEqual([{ display: "Prairie Mutual" }]);
    expect(full.class!.map((c) => [c.type.coding![0].code, c.value])).toEqual([["plan", "Gold PPO"], ["group", "G-12"]]);
    expect(await validateFhirResource(withPlan)).toEqual([]);
  });

  it("links subject, requester and reasons to the entries", () => {
    const patientRef = { reference: `urn:uuid:${ids.patient}`, type: "Patient" };
    for (const condition of byType<Condition>(bundle, "Condition")) expect(condition.subject).toEqual(patientRef);
    const [mr] = byType<MedicationRequest>(bundle, "MedicationRequest");
    expect(mr.subject).toEqual(patientRef);
    expect(mr.requester).toEqual({ reference: `urn:uuid:${ids.practitioners[0]}`, type: "Practitioner" });
    expect(mr.reasonReference).toEqual([{ reference: `urn:uuid:${ids.diagnoses[0]}`, type: "Condition" }]);
  });

  it("has no empty strings (the spec shape's empty given name is dropped)", () => {
    const [practitioner] = byType<Practitioner>(bundle, "Practitioner");
    expect(practitioner.name).toEqual([{ use: "official", family: "Lopez", given: ["Maria"], prefix: ["Dr."] }]);
    expect(JSON.stringify(bundle)).not.toContain('""');
  });

  it("builds a valid Bundle from empty facts", async () => {
    const empty = buildIntakeBundle(emptyFacts(), { priorAuthId: PA, extensionBase: BASE });
    expect(empty.entry).toEqual([
      { fullUrl: `urn:uuid:${ids.patient}`, resource: { resourceType: "Patient", id: ids.patient, active: true } },
    ]);
    expect(await validateFhirResource(empty)).toEqual([]);
  });

  it("builds a valid Bundle when most facts are unknown or odd", async () => {
    const f = realisticFacts();
    Object.assign(f.medicationRequests[0], { ndc: null, doseValue: "1-2", quantity: null, refills: null, daysSupply: null });
    Object.assign(f.practitioners[0], { given: [""], prefix: [], address: null, npi: null, role: "other" });
    f.patient = { ...f.patient!, gender: null, birthDate: null, address: null, memberId: null, phone: null };
    const b = buildIntakeBundle(f, { priorAuthId: PA, extensionBase: BASE });
    expect(await validateFhirResource(b)).toEqual([]);
    const [mr] = byType<MedicationRequest>(b, "MedicationRequest");
    expect(mr.dosageInstruction![0]).not.toHaveProperty("doseAndRate"); // "1-2" is not one number
    expect(mr).not.toHaveProperty("requester");
    expect(mr).not.toHaveProperty("dispenseRequest");
  });
});
