import { describe, expect, it } from "vitest";
import { EPA_PAYLOAD_SOURCE, extractEpaFacts } from "./extract-epa-facts";
import { parseEpaPayload } from "./epa-payload";

const payload = {
  patient: { first_name: "Sam", last_name: "Lee", birth_date: "1990-01-02", gender: "M", member_id: "M-1", phone: "5552013344", address: { line: "1 Main St", city: "Austin", state: "TX", zip: 78701 } },
  prescriber: { first_name: "Rita", last_name: "Moss", npi: "1234567893", specialty: "Dermatology", fax: "555 100 2001" },
  medication: { drug_name: "Dupixent 300 mg/2 mL", ndc: "0024-5915-02", quantity: "2", quantity_unit: "syringe", days_supply: 28, directions: "Inject 300 mg subcutaneously every 2 weeks", refills: 3 },
  diagnoses: [{ code: "L209", description: "Atopic dermatitis" }, { code: "24079001", system: "http://snomed.info/sct", description: "Atopic dermatitis" }],
  questions: [{ question: "Has the patient tried topical steroids?", answer: true }],
  prior_treatments: [{ drug: "triamcinolone cream", outcome: "inadequate response", start_date: "01/2023", end_date: "06/2023" }],
  procedures: [{ code: "J3490", description: "Unclassified drug" }],
  unknown_key: { anything: 1 },
};

describe("extractEpaFacts", () => {
  const facts = extractEpaFacts(payload);

  it("reads patient and prescriber", () => {
    expect(facts.patient).toMatchObject({ given: ["Sam"], family: "Lee", birthDate: "1990-01-02", gender: "male", memberId: "M-1", phone: "555-201-3344" });
    expect(facts.patient?.address).toEqual({ line: ["1 Main St"], city: "Austin", state: "TX", postalCode: "78701", country: null });
    expect(facts.practitioners[0]).toMatchObject({ role: "prescriber", given: ["Rita"], family: "Moss", npi: "1234567893", npiValid: true, specialty: "Dermatology", fax: "555-100-2001" });
  });

  it("normalises codes: ICD-10-CM with the dot, NDC to 11 digits; other systems kept as other codings", () => {
    expect(facts.diagnoses[0]).toMatchObject({ icd10: ["L20.9"], icd10Source: "stated", name: "Atopic dermatitis" });
    expect(facts.diagnoses[1]).toMatchObject({ icd10: [], otherCodings: [{ system: "http://snomed.info/sct", code: "24079001", display: "Atopic dermatitis" }] });
    const mr = facts.medicationRequests[0];
    expect(mr).toMatchObject({ name: "Dupixent 300 mg/2 mL", ndc: "00024591502", quantity: 2, quantityUnit: "syringe", daysSupply: 28, refills: 3, route: "subcutaneous", reasons: ["L20.9"] });
  });

  it("reads questions, prior treatments and procedures", () => {
    expect(facts.answers).toEqual([expect.objectContaining({ question: "Has the patient tried topical steroids?", answer: "Yes" })]);
    expect(facts.priorTreatments).toEqual([expect.objectContaining({ drug: "triamcinolone cream", outcome: "inadequate_response", startDate: "2023-01", endDate: "2023-06" })]);
    expect(facts.procedures).toEqual([expect.objectContaining({ code: "J3490", system: "HCPCS" })]);
  });

  it("cites the payload by JSON path", () => {
    expect(facts.patient?.evidence).toContainEqual(expect.objectContaining({ documentId: EPA_PAYLOAD_SOURCE, page: null, path: "patient.birth_date", quote: "1990-01-02", field: "birthDate" }));
    expect(facts.medicationRequests[0].evidence).toContainEqual(expect.objectContaining({ path: "medication.ndc", quote: "0024-5915-02" }));
  });
});

describe("ePA payload tolerance", () => {
  it("reads camelCase keys and aliases", () => {
    const f = extractEpaFacts({ patient: { firstName: "Ana", lastName: "Silva", dob: "03/04/1980", sex: "female" }, physician: { npi: 1234567893 }, medications: [{ drug: "Humira", qty: 2, daySupply: 28 }] });
    expect(f.patient).toMatchObject({ given: ["Ana"], family: "Silva", birthDate: "1980-03-04", gender: "female" });
    expect(f.practitioners[0].npi).toBe("1234567893");
    expect(f.medicationRequests[0]).toMatchObject({ name: "Humira", quantity: 2, daysSupply: 28 });
  });

  it("drops fields of the wrong type with a warning and reads the rest", () => {
    const { data, warnings } = parseEpaPayload({ patient: { first_name: 42, last_name: "Lee", birth_date: { y: 1990 } }, medication: { drug_name: "X", quantity: "lots" }, diagnoses: "L20.9" });
    expect(data.patient).toEqual({ last_name: "Lee" });
    expect(data.medication).toEqual([{ drug_name: "X" }]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining("epa_payload.patient.first_name"),
        expect.stringContaining("epa_payload.patient.birth_date"),
        expect.stringContaining("epa_payload.medication.0.quantity"),
      ]),
    );
    // A lone diagnosis object or string is not an array: read as one, or reported, never a crash.
    expect(() => extractEpaFacts({ diagnoses: "L20.9" })).not.toThrow();
  });

  it("reports an invalid NPI, NDC or date without inventing values", () => {
    const f = extractEpaFacts({ prescriber: { last_name: "Moss", npi: "1234567890" }, medication: { drug_name: "X", ndc: "1234567890" }, patient: { birth_date: "not a date" } });
    expect(f.practitioners[0]).toMatchObject({ npi: "1234567890", npiValid: false });
    expect(f.medicationRequests[0].ndc).toBeNull();
    expect(f.patient?.birthDate).toBeNull();
    expect(f.warnings.join("\n")).toMatch(/NPI 1234567890/);
    expect(f.warnings.join("\n")).toMatch(/ndc/);
    expect(f.warnings.join("\n")).toMatch(/birth_date/);
  });

  it.each([null, "text", 12, [1, 2], { patient: "Sam" }, { medication: [null, 5, {}] }])("never throws on %j", (input) => {
    expect(() => extractEpaFacts(input)).not.toThrow();
  });

  it("reads a FHIR resource sent as the payload", () => {
    const f = extractEpaFacts({ resourceType: "Patient", birthDate: "2001-02-03", gender: "female" });
    expect(f.patient).toMatchObject({ birthDate: "2001-02-03", gender: "female" });
    expect(f.patient?.evidence[0]).toMatchObject({ documentId: EPA_PAYLOAD_SOURCE, path: "birthDate" });
  });
});
