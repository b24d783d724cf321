import { describe, expect, it } from "vitest";
import { applyCorrections, currentValue, unverifiedNoticeFacts, type AppliedCorrection } from "./corrections";
import { emptyFacts, emptyMedicationRequest, emptyPatient } from "./facts";
import type { IntakeFacts } from "./types";

const read = (): IntakeFacts => ({
  ...emptyFacts(),
  patient: { ...emptyPatient(), given: ["Name"], family: null, birthDate: "2012-06-15", evidence: [{ documentId: "d1", page: 1, start: 0, end: 4, quote: "Name", field: "name" }, { documentId: "d1", page: 1, start: 10, end: 20, quote: "06/15/2012", field: "birthDate" }] },
  medicationRequests: [{ ...emptyMedicationRequest("Ozempic"), strength: "1 mg", quantity: 4, evidence: [{ documentId: "d1", page: 1, start: 30, end: 37, quote: "Ozempic", field: "drug" }] }],
  identityConflicts: [{ kind: "identity_conflict", field: "name", documents: ["a.pdf", "b.pdf"], values: [{ value: "Name", document: "a.pdf" }, { value: "Harold Mensah", document: "b.pdf" }] }],
});

const at = (n: number) => `2026-11-27T10:0${n}:00.000Z`;
const correction = (c: Partial<AppliedCorrection> & Pick<AppliedCorrection, "field" | "value">, n = 0) =>
  ({ id: `c${n}`, source: { kind: "reviewer" }, note: null, corrected_by: "nurse@x.test", corrected_at: at(n), ...c }) as AppliedCorrection;

describe("applyCorrections", () => {
  it("leaves facts without corrections as they are", () => {
    const facts = read();
    expect(applyCorrections(facts, [])).toBe(facts);
  });

  it("lays the latest correction of each field over the facts read, with the correction's own evidence", () => {
    const out = applyCorrections(read(), [
      correction({ field: "patient_name", value: { given: ["Harold"], family: "Menshah" } }, 1),
      correction({ field: "patient_name", value: { given: ["Harold", "J."], family: "Mensah" }, source: { kind: "document", document_id: "d2", page: 2, quote: "Harold J. Mensah", start: 5, end: 21 } }, 2),
    ]);
    expect(out.patient).toMatchObject({ given: ["Harold", "J."], family: "Mensah", birthDate: "2012-06-15" });
    expect(out.patient!.evidence.filter((e) => e.field === "name")).toEqual([{ documentId: "d2", page: 2, start: 5, end: 21, quote: "Harold J. Mensah", field: "name" }]);
    expect(out.patient!.evidence.some((e) => e.field === "birthDate")).toBe(true);
    // The person settled who the patient is.
    expect(out.identityConflicts).toEqual([]);
    expect(out.corrections!.map((c) => c.id)).toEqual(["c2"]);
  });

  it("a corrected drug drops the strength read with the wrong name; a quantity corrected before it lands on it", () => {
    const out = applyCorrections(read(), [
      correction({ field: "quantity", value: { value: 2, unit: "pens" } }, 1),
      correction({ field: "drug", value: { name: "Repatha", generic: "evolocumab", ndc: "72511076001" } }, 2),
    ]);
    expect(out.medicationRequests[0]).toMatchObject({ name: "Repatha", ndc: "72511076001", strength: null, quantity: 2, quantityUnit: "pens" });
    expect(out.medicationRequests[0].evidence.filter((e) => e.field === "drug")).toEqual([]);
  });

  it("diagnoses are replaced by the corrected billable codes", () => {
    const out = applyCorrections(read(), [correction({ field: "diagnoses", value: [{ code: "E78.01", title: "Familial hypercholesterolemia" }] })]);
    expect(out.diagnoses).toEqual([expect.objectContaining({ icd10: ["E78.01"], name: "Familial hypercholesterolemia", icd10Details: [{ code: "E78.01", title: "Familial hypercholesterolemia", billable: true }] })]);
  });

  it("prescriber and specialty land on the prescriber, created when none was read", () => {
    const out = applyCorrections(read(), [
      correction({ field: "prescriber", value: { given: ["Alan"], family: "Grant", npi: "1234567893" } }, 1),
      correction({ field: "specialty", value: { code: "207RC0000X", name: "Internal Medicine, Cardiovascular Disease" } }, 2),
    ]);
    expect(out.practitioners).toEqual([expect.objectContaining({ role: "prescriber", given: ["Alan"], family: "Grant", npi: "1234567893", npiValid: true, specialty: "Internal Medicine, Cardiovascular Disease", taxonomyCode: "207RC0000X" })]);
  });
});

describe("currentValue and unverifiedNoticeFacts", () => {
  it("gives the value before a correction, null when unread", () => {
    expect(currentValue(read(), "birth_date")).toBe("2012-06-15");
    expect(currentValue(read(), "drug")).toEqual({ name: "Ozempic", ndc: null });
    expect(currentValue(read(), "days_supply")).toBeNull();
    expect(currentValue(emptyFacts(), "patient_name")).toBeNull();
  });

  it("a notice waits for an unread patient or drug; a correction verifies them", () => {
    expect(unverifiedNoticeFacts(emptyFacts()).map((u) => u.field)).toEqual(["patient_name", "drug"]);
    expect(unverifiedNoticeFacts(read())).toEqual([]);
    const corrected = applyCorrections(emptyFacts(), [
      correction({ field: "patient_name", value: { given: ["Harold"], family: "Mensah" }, source: { kind: "phone" } }, 1),
      correction({ field: "drug", value: { name: "Repatha", generic: "evolocumab", ndc: null } }, 2),
    ]);
    expect(unverifiedNoticeFacts(corrected)).toEqual([]);
  });

  it("a procedure request passes with its service code read with evidence, or corrected, in place of a drug", () => {
    const patientOnly = { ...read(), medicationRequests: [] };
    expect(unverifiedNoticeFacts(patientOnly).map((u) => u.field)).toEqual(["drug"]);
    const mri = { code: "70553", system: "CPT" as const, display: null, evidence: [{ documentId: "d1", page: 1, start: 50, end: 55, quote: "70553", field: "procedureCode" }] };
    expect(unverifiedNoticeFacts({ ...patientOnly, procedures: [mri] })).toEqual([]);
    // A code without evidence (no words of a document say it) is not verified.
    expect(unverifiedNoticeFacts({ ...patientOnly, procedures: [{ ...mri, evidence: [] }] }).map((u) => u.field)).toEqual(["drug"]);
    const corrected = applyCorrections({ ...patientOnly, procedures: [{ ...mri, code: "70533", evidence: [] }] }, [
      correction({ field: "service", value: { code: "70553", system: "CPT", display: "MRI brain without and with contrast" }, source: { kind: "phone" } }, 1),
    ]);
    expect(unverifiedNoticeFacts(corrected)).toEqual([]);
    expect(corrected.procedures).toEqual([{ code: "70553", system: "CPT", display: "MRI brain without and with contrast", evidence: [] }]);
    expect(currentValue({ ...patientOnly, procedures: [mri] }, "service")).toEqual({ code: "70553", system: "CPT", display: null });
    expect(currentValue(patientOnly, "service")).toBeNull();
  });
});
