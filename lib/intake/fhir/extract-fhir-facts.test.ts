import { describe, expect, it } from "vitest";
import { extractFhirFacts } from "./extract-fhir-facts";

const ICD = "http://hl7.org/fhir/sid/icd-10-cm";
const SNOMED = "http://snomed.info/sct";
const NDC = "http://hl7.org/fhir/sid/ndc";
const RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm";
const NPI = "http://hl7.org/fhir/sid/us-npi";
const doc = { id: "bundle-1" };

function transactionBundle() {
  return {
    resourceType: "Bundle",
    type: "transaction",
    entry: [
      { fullUrl: "urn:uuid:org-1", resource: { resourceType: "Organization", id: "org-1", name: "Clinic" } },
      {
        fullUrl: "urn:uuid:pat-1",
        resource: {
          resourceType: "Patient", id: "pat-1", name: [{ use: "official", given: ["Jane", "Q"], family: "Doe" }], gender: "female", birthDate: "2012-04-17",
          identifier: [{ type: { coding: [{ code: "MB" }] }, system: "http://payer.example/member", value: "W123456789" }],
          telecom: [{ system: "phone", value: "(555) 201-3344" }], address: [{ line: ["12 Elm St"], city: "Springfield", state: "IL", postalCode: "62701" }],
        },
      },
      { fullUrl: "urn:uuid:prac-other", resource: { resourceType: "Practitioner", id: "prac-other", identifier: [{ system: NPI, value: "490" }], name: [{ family: "Kshlerin", given: ["Monica"] }] } },
      {
        fullUrl: "urn:uuid:prac-1",
        resource: {
          resourceType: "Practitioner", id: "prac-1", identifier: [{ system: NPI, value: "1234567893" }], name: [{ family: "Lopez", given: ["Maria"], prefix: ["Dr."] }],
          telecom: [{ system: "phone", value: "555-100-2000" }, { system: "fax", value: "555-100-2001" }],
        },
      },
      { fullUrl: "urn:uuid:role-1", resource: { resourceType: "PractitionerRole", id: "role-1", practitioner: { reference: "urn:uuid:prac-1" }, specialty: [{ coding: [{ system: SNOMED, code: "394591006", display: "Neurology" }] }] } },
      {
        fullUrl: "urn:uuid:cond-1",
        resource: {
          resourceType: "Condition", id: "cond-1", subject: { reference: "urn:uuid:pat-1" },
          clinicalStatus: { coding: [{ code: "active" }] }, verificationStatus: { coding: [{ code: "confirmed" }] },
          code: { coding: [{ system: SNOMED, code: "230418006", display: "Lennox-Gastaut syndrome" }, { system: ICD, code: "G40.811", display: "Lennox-Gastaut syndrome, not intractable, with status epilepticus" }], text: "Lennox-Gastaut syndrome" },
          onsetDateTime: "2015-06-01T00:00:00Z", note: [{ text: "Daily drop seizures." }],
        },
      },
      { fullUrl: "urn:uuid:cond-2", resource: { resourceType: "Condition", id: "cond-2", subject: { reference: "urn:uuid:pat-1" }, code: { coding: [{ system: SNOMED, code: "162864005", display: "Body mass index 30+ - obesity (finding)" }] } } },
      {
        fullUrl: "urn:uuid:mr-1",
        resource: {
          resourceType: "MedicationRequest", id: "mr-1", status: "active", intent: "order", subject: { reference: "urn:uuid:pat-1" }, requester: { reference: "urn:uuid:prac-1" },
          medicationCodeableConcept: { coding: [{ system: RXNORM, code: "2047458", display: "cannabidiol 100 MG/ML" }, { system: NDC, code: "70127-0100-01" }], text: "Epidiolex 100 mg/mL oral solution" },
          dosageInstruction: [{ text: "Take 5 mL by mouth twice daily", route: { text: "oral" }, doseAndRate: [{ doseQuantity: { value: 5, unit: "mL" } }] }],
          dispenseRequest: { quantity: { value: 300, unit: "mL" }, expectedSupplyDuration: { value: 30, unit: "days", code: "d" }, numberOfRepeatsAllowed: 5 },
          reasonReference: [{ reference: "urn:uuid:cond-1" }],
        },
      },
      {
        fullUrl: "urn:uuid:mr-old",
        resource: { resourceType: "MedicationRequest", id: "mr-old", status: "stopped", intent: "order", authoredOn: "2023-01-10", medicationCodeableConcept: { coding: [{ system: RXNORM, code: "197527", display: "clobazam 10 MG Oral Tablet" }] } },
      },
    ],
  };
}

describe("extractFhirFacts: a transaction Bundle with urn:uuid references", () => {
  const facts = extractFhirFacts(doc, transactionBundle());

  it("reads the patient with evidence paths", () => {
    expect(facts.patient).toMatchObject({ given: ["Jane", "Q"], family: "Doe", gender: "female", birthDate: "2012-04-17", memberId: "W123456789", phone: "555-201-3344" });
    expect(facts.patient?.address).toMatchObject({ line: ["12 Elm St"], city: "Springfield", state: "IL", postalCode: "62701" });
    expect(facts.patient?.evidence).toContainEqual(expect.objectContaining({ documentId: "bundle-1", page: null, path: "entry[1].resource.birthDate", quote: "2012-04-17", field: "birthDate" }));
  });

  it("puts the requester first as prescriber, with the PractitionerRole specialty and a checked NPI", () => {
    expect(facts.practitioners.map((p) => [p.family, p.role, p.npi, p.npiValid])).toEqual([
      ["Lopez", "prescriber", "1234567893", true],
      ["Kshlerin", "other", "490", false],
    ]);
    expect(facts.practitioners[0]).toMatchObject({ specialty: "Neurology", phone: "555-100-2000", fax: "555-100-2001", prefix: ["Dr."] });
    expect(facts.warnings.some((w) => w.includes("490"))).toBe(true);
  });

  it("keeps ICD-10-CM codes as icd10 and SNOMED as other codings, never relabelled", () => {
    const [lgs, obesity] = facts.diagnoses;
    expect(lgs).toMatchObject({ icd10: ["G40.811"], icd10Source: "stated", name: "Lennox-Gastaut syndrome", onsetDate: "2015-06-01", notes: ["Daily drop seizures."] });
    expect(lgs.otherCodings).toEqual([{ system: SNOMED, code: "230418006", display: "Lennox-Gastaut syndrome" }]);
    expect(obesity.icd10).toEqual([]);
    expect(obesity.otherCodings[0]).toMatchObject({ system: SNOMED, code: "162864005" });
  });

  it("reads the medication request: NDC to 11 digits, RxNorm kept, supply, dose and reasons", () => {
    const mr = facts.medicationRequests[0];
    expect(mr).toMatchObject({
      name: "Epidiolex 100 mg/mL oral solution", ndc: "70127010001", quantity: 300, quantityUnit: "mL", daysSupply: 30, refills: 5,
      directions: "Take 5 mL by mouth twice daily", route: "oral", doseValue: "5", doseUnit: "mL", reasons: ["G40.811"],
    });
    expect(mr.otherCodings).toEqual([{ system: RXNORM, code: "2047458", display: "cannabidiol 100 MG/ML" }]);
    expect(mr.evidence).toContainEqual(expect.objectContaining({ path: "entry[7].resource.medicationCodeableConcept.coding[1].code", quote: "70127-0100-01", field: "ndc" }));
  });

  it("reads a stopped order as a drug tried before, not as a request", () => {
    expect(facts.medicationRequests.map((m) => m.name)).toEqual(["Epidiolex 100 mg/mL oral solution"]);
    expect(facts.priorTreatments).toEqual([expect.objectContaining({ drug: "clobazam 10 MG Oral Tablet", outcome: "unknown", startDate: "2023-01-10" })]);
  });
});

describe("extractFhirFacts: Da Vinci PAS request", () => {
  const pas = {
    resourceType: "Bundle",
    type: "collection",
    entry: [
      {
        resource: {
          resourceType: "Claim", id: "claim-1", use: "preauthorization", status: "active", patient: { reference: "Patient/p1" }, provider: { reference: "Practitioner/pr1" },
          diagnosis: [{ sequence: 1, diagnosisCodeableConcept: { coding: [{ system: ICD, code: "C18.9" }] } }],
          item: [
            { sequence: 1, productOrService: { coding: [{ system: "http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets", code: "33510", display: "Coronary artery bypass, vein only" }] } },
            { sequence: 2, productOrService: { coding: [{ system: "https://codesystem.x12.org/005010/1365", code: "3", display: "Consultation" }] } },
            { sequence: 3, productOrService: { coding: [{ system: "http://hl7.org/fhir/sid/ndc", code: "0777-3105-02", display: "Prozac 20 mg" }] }, quantity: { value: 30, unit: "capsule" } },
            { sequence: 4, productOrService: { coding: [{ system: "http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets", code: "J1234" }] } },
          ],
        },
      },
      { resource: { resourceType: "Patient", id: "p1", name: [{ family: "SMITH", given: ["JOE"] }], gender: "male" } },
      { resource: { resourceType: "Coverage", id: "cov1", beneficiary: { reference: "Patient/p1" }, subscriberId: "1122334455" } },
      { resource: { resourceType: "Practitioner", id: "pr1", identifier: [{ system: NPI, value: "1234567893" }], name: [{ family: "Doe" }] } },
    ],
  };
  const facts = extractFhirFacts(doc, pas);

  it("takes diagnoses, procedures and drugs from Claim.item, the member id from Coverage", () => {
    expect(facts.diagnoses.map((d) => d.icd10)).toEqual([["C18.9"]]);
    expect(facts.procedures.map((p) => [p.code, p.system])).toEqual([["33510", "CPT"], ["J1234", "HCPCS"]]);
    expect(facts.medicationRequests).toEqual([expect.objectContaining({ name: "Prozac 20 mg", ndc: "00777310502", quantity: 30, quantityUnit: "capsule" })]);
    expect(facts.patient).toMatchObject({ family: "SMITH", memberId: "1122334455" });
    expect(facts.practitioners[0]).toMatchObject({ role: "prescriber", npi: "1234567893" });
  });

  it("reads a claim history (use claim) as drugs tried, not as requests", () => {
    const history = { resourceType: "ExplanationOfBenefit", id: "eob", use: "claim", billablePeriod: { start: "2022-03-01" }, item: [{ productOrService: { coding: [{ system: NDC, code: "00777310502", display: "Prozac" }] } }] };
    const f = extractFhirFacts(doc, history);
    expect(f.medicationRequests).toEqual([]);
    expect(f.priorTreatments).toEqual([expect.objectContaining({ drug: "Prozac", startDate: "2022-03-01" })]);
  });
});

describe("extractFhirFacts: odd input", () => {
  it("reads a single resource, nested Bundles and contained medications", () => {
    expect(extractFhirFacts(doc, { resourceType: "Patient", birthDate: "1980-03-04", gender: "other" }).patient).toMatchObject({ birthDate: "1980-03-04", gender: "other" });
    const nested = { resourceType: "Bundle", type: "history", entry: [{ resource: { resourceType: "Bundle", type: "collection", entry: [{ resource: { resourceType: "Patient", birthDate: "1990-01-02" } }] } }] };
    const f = extractFhirFacts(doc, nested);
    expect(f.patient?.birthDate).toBe("1990-01-02");
    expect(f.patient?.evidence[0].path).toBe("entry[0].resource.entry[0].resource.birthDate");
    const contained = {
      resourceType: "MedicationRequest", status: "active", contained: [{ resourceType: "Medication", id: "m", code: { coding: [{ system: NDC, code: "12345-678-90" }], text: "Drug X" } }],
      medicationReference: { reference: "#m" },
    };
    expect(extractFhirFacts(doc, contained).medicationRequests[0]).toMatchObject({ name: "Drug X", ndc: "12345067890" });
  });

  it.each([null, 42, "text", {}, { resourceType: "Bundle", entry: "nope" }, { resourceType: "Bundle", entry: [null, 1, { resource: null }, { resource: { resourceType: "Condition", code: "x" } }] }])(
    "does not throw on %j",
    (input) => {
      expect(() => extractFhirFacts(doc, input)).not.toThrow();
    },
  );

  it("reads a 10,000-entry Bundle in bounded time", () => {
    const entry = Array.from({ length: 10_000 }, (_, i) => ({
      fullUrl: `urn:uuid:obs-${i}`,
      resource:
        i % 10 === 0
          ? { resourceType: "Condition", id: `c${i}`, subject: { reference: "urn:uuid:p" }, code: { coding: [{ system: ICD, code: "E11.9" }, { system: SNOMED, code: String(44054006 + i) }] } }
          : { resourceType: "Observation", id: `o${i}`, status: "final", category: [{ coding: [{ code: "laboratory" }] }], code: { text: `Lab ${i}` }, valueQuantity: { value: i, unit: "mg/dL" }, subject: { reference: "urn:uuid:p" } },
    }));
    entry.push({ fullUrl: "urn:uuid:p", resource: { resourceType: "Patient", id: "p", birthDate: "1970-01-01" } as never });
    const started = performance.now();
    const facts = extractFhirFacts(doc, { resourceType: "Bundle", type: "searchset", entry });
    const elapsed = performance.now() - started;
    expect(facts.patient?.birthDate).toBe("1970-01-01");
    expect(facts.diagnoses).toHaveLength(1000);
    expect(facts.labs).toHaveLength(9000);
    expect(elapsed).toBeLessThan(2000);
  });
});
