import { describe, expect, it } from "vitest";
import type { Bundle, Condition, MedicationRequest, Patient } from "@medplum/fhirtypes";
import { buildIntakeBundle } from "@/lib/fhir/build-intake-bundle";
import { realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { validateFhirResource } from "@/lib/fhir/validate-fhir";

const BASE = "https://pa.example.com/fhir/StructureDefinition";

/** A fresh valid Bundle, and a way to reach one of its resources to break it. */
function bundleWith(mutate: (resources: { patient: Patient; condition: Condition; mr: MedicationRequest }) => void) {
  const bundle = buildIntakeBundle(realisticFacts(), { priorAuthId: "pa-1", extensionBase: BASE });
  const find = <T>(type: string) => bundle.entry!.find((e) => e.resource!.resourceType === type)!.resource as T;
  mutate({ patient: find("Patient"), condition: find("Condition"), mr: find("MedicationRequest") });
  return bundle;
}

describe("validateFhirResource", () => {
  it("reports the spec's single-letter gender in a standard resource", async () => {
    const problems = await validateFhirResource(bundleWith(({ patient }) => Object.assign(patient, { gender: "F" })));
    expect(problems).toEqual([
      'Bundle.entry[0].resource.gender: "F" is not in the required value set http://hl7.org/fhir/ValueSet/administrative-gender',
    ]);
  });

  it("reports a missing subject", async () => {
    const problems = await validateFhirResource(bundleWith(({ mr }) => delete (mr as Partial<MedicationRequest>).subject));
    expect(problems.some((p) => p.includes("MedicationRequest.subject") || p.includes(".subject"))).toBe(true);
    expect(problems.join("\n")).toMatch(/Missing required property/);
  });

  it("reports a string dose value", async () => {
    const problems = await validateFhirResource(
      bundleWith(({ mr }) => {
        (mr.dosageInstruction![0].doseAndRate![0].doseQuantity as { value: unknown }).value = "2.5";
      }),
    );
    expect(problems.join("\n")).toMatch(/expected number/);
  });

  it("reports invented MedicationRequest status and intent codes", async () => {
    const mr: MedicationRequest = {
      resourceType: "MedicationRequest",
      status: "approved" as MedicationRequest["status"],
      intent: "prescription" as MedicationRequest["intent"],
      medicationCodeableConcept: { text: "x" },
      subject: { reference: "Patient/1" },
    };
    const problems = await validateFhirResource(mr);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^MedicationRequest\.status: "approved" is not in the required value set/);
    expect(problems[1]).toMatch(/^MedicationRequest\.intent: "prescription" is not in the required value set/);
  });

  it("reports condition statuses outside their code systems", async () => {
    const problems = await validateFhirResource(
      bundleWith(({ condition }) => {
        condition.clinicalStatus!.coding![0].code = "current";
        condition.verificationStatus!.coding![0].system = "http://snomed.info/sct";
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(".clinicalStatus: no coding from the required value set");
    expect(problems[0]).toContain("condition-clinical|current");
    expect(problems[1]).toContain(".verificationStatus: no coding from the required value set");
  });

  it("reports an invalid Bundle.type", async () => {
    const bundle: Bundle = { resourceType: "Bundle", type: "bag" as Bundle["type"] };
    expect(await validateFhirResource(bundle)).toEqual([
      'Bundle.type: "bag" is not in the required value set http://hl7.org/fhir/ValueSet/bundle-type',
    ]);
  });

  it("reports a reference that does not resolve in the Bundle or points at the wrong type", async () => {
    const dangling = await validateFhirResource(
      bundleWith(({ condition }) => Object.assign(condition, { subject: { reference: "urn:uuid:nope", type: "Patient" } })),
    );
    expect(dangling).toEqual(["Bundle.entry[3].resource.subject: urn:uuid:nope does not resolve to an entry of the Bundle"]);
    const wrongType = await validateFhirResource(
      bundleWith(({ mr }) => Object.assign(mr, { subject: { reference: mr.requester!.reference, type: "Patient" } })),
    );
    expect(wrongType.join("\n")).toMatch(/reference type Patient does not match the referenced Practitioner/);
    expect(wrongType.join("\n")).toMatch(/a Practitioner reference is not allowed here/);
  });

  it("reports unknown properties and bad dates (Medplum's own checks)", async () => {
    const patient = { resourceType: "Patient", birthDate: "2012-13-40", foo: 1 } as unknown as Patient;
    const problems = await validateFhirResource(patient);
    expect(problems).toContain("Patient.birthDate: Invalid date format");
    expect(problems.join("\n")).toMatch(/Invalid additional property "foo"/);
  });
});
