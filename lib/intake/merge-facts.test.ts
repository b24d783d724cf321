import { describe, expect, it } from "vitest";
import { emptyDiagnosis, emptyFacts, emptyMedicationRequest, emptyPatient, emptyPractitioner, STRENGTH, type SourcedFacts } from "./facts";
import { mergeFacts } from "./merge-facts";
import { sameDiagnosisName } from "@/lib/lexicon/diagnosis-name-match";
import type { Evidence, IntakeFacts } from "./types";

const ev = (documentId: string, field: string, quote = "x"): Evidence => ({ documentId, page: 1, start: 0, end: quote.length, quote, field });

function source(name: string, strength: number, fill: (f: IntakeFacts) => void): SourcedFacts {
  const facts = emptyFacts();
  fill(facts);
  return { facts, strength, source: name };
}

describe("mergeFacts", () => {
  it("makes one patient from several documents, the strongest value winning a conflict with a warning", () => {
    const form = source("form.pdf", STRENGTH.field, (f) => {
      f.patient = { ...emptyPatient(), given: ["Maxie"], family: "Millionaire", birthDate: "2022-06-15", evidence: [ev("form", "birthDate"), ev("form", "name")] };
    });
    const note = source("note.pdf", STRENGTH.text, (f) => {
      f.patient = { ...emptyPatient(), family: "Millionaire", birthDate: "2021-06-15", gender: "male", ageYears: 2, evidence: [ev("note", "birthDate"), ev("note", "gender")] };
    });
    const merged = mergeFacts([note, form]);
    expect(merged.patient).toMatchObject({ given: ["Maxie"], family: "Millionaire", birthDate: "2022-06-15", gender: "male", ageYears: 2 });
    // The losing date's evidence is left out; the rest of both sources is kept.
    expect(merged.patient?.evidence.map((e) => `${e.documentId}:${e.field}`).sort()).toEqual(["form:birthDate", "form:name", "note:gender"]);
    expect(merged.warnings.join("\n")).toMatch(/date of birth differs.*kept 2022-06-15 from form\.pdf.*2021-06-15 \(note\.pdf\)/);
  });

  it("merges a diagnosis coded on one document and named on another; two stated codes stay two", () => {
    const form = source("form.pdf", STRENGTH.field, (f) => {
      f.diagnoses.push({ ...emptyDiagnosis(), icd10: ["G40.811"], icd10Source: "stated", name: "Lennox-Gastaut syndrome", evidence: [ev("form", "icd10")] });
      f.diagnoses.push({ ...emptyDiagnosis(), icd10: ["G40.812"], icd10Source: "stated", evidence: [ev("form", "icd10")] });
    });
    const note = source("note.pdf", STRENGTH.text, (f) => {
      f.diagnoses.push({ ...emptyDiagnosis(), icd10: ["G40.81"], icd10Source: "inferred", name: "Lennox Gastaut", notes: ["ICD-10-CM G40.81 inferred from the name"], evidence: [ev("note", "name")] });
    });
    const merged = mergeFacts([form, note]);
    expect(merged.diagnoses.map((d) => d.icd10)).toEqual([["G40.811"], ["G40.812"]]);
    expect(merged.diagnoses[0].evidence.map((e) => e.documentId)).toEqual(["form", "note"]);
    expect(merged.diagnoses[0].notes).toEqual([]);
    expect(merged.diagnoses[0].icd10Source).toBe("stated");
  });

  it("matches diagnosis names with typos and qualifiers, not different conditions", () => {
    expect(sameDiagnosisName("Lennox-Gustaut Syndrome", "Lennox Gastaut")).toBe(true);
    expect(sameDiagnosisName("metastatic osteosarcoma", "high-grade osteosarcoma")).toBe(true);
    expect(sameDiagnosisName("type 1 diabetes", "type 2 diabetes")).toBe(false);
  });

  it("merges a drug by NDC or by linked brand and generic names, and keeps conflicts visible", () => {
    const form = source("form.pdf", STRENGTH.field, (f) => {
      f.medicationRequests.push({ ...emptyMedicationRequest("Everolimus"), quantity: 30, evidence: [ev("form", "name"), ev("form", "quantity")] });
    });
    const epa = source("ePA payload", STRENGTH.epa, (f) => {
      f.medicationRequests.push({ ...emptyMedicationRequest("Afinitor 5 mg tablet"), ndc: "00078056651", quantity: 28, evidence: [ev("epa", "ndc"), ev("epa", "quantity")] });
    });
    const note = source("note.pdf", STRENGTH.text, (f) => {
      f.priorTreatments.push({ drug: "everolimus (Afinitor)", outcome: "unknown", startDate: null, endDate: null, durationDays: null, evidence: [] });
    });
    const merged = mergeFacts([form, note, epa]);
    expect(merged.medicationRequests).toHaveLength(1);
    expect(merged.medicationRequests[0]).toMatchObject({ ndc: "00078056651", quantity: 28 });
    expect(merged.medicationRequests[0].evidence.map((e) => `${e.documentId}:${e.field}`)).toEqual(["epa:ndc", "epa:quantity", "form:name"]);
    expect(merged.warnings.join("\n")).toMatch(/quantity differs/i);
    // The requested drug named without an outcome is not a drug tried before.
    expect(merged.priorTreatments).toEqual([]);
  });

  it("gives a drug still taken no end date, though an earlier course of it ended", () => {
    const note = source("note.pdf", STRENGTH.text, (f) => {
      f.priorTreatments.push({ drug: "Thioguanine", outcome: "unknown", startDate: "2024-01-08", endDate: "2024-02-05", durationDays: 28, evidence: [] });
      f.priorTreatments.push({ drug: "thioguanine", outcome: "ongoing", startDate: "2024-05-01", endDate: null, durationDays: null, evidence: [] });
    });
    expect(mergeFacts([note]).priorTreatments).toMatchObject([{ outcome: "ongoing", startDate: "2024-01-08", endDate: null }]);
  });

  it("uses a note's planned drug only when no source states the request: the one named most often", () => {
    const guesses = [
      source("note.pdf", STRENGTH.guess, (f) => {
        f.medicationRequests.push(emptyMedicationRequest("everolimus (Afinitor)"), emptyMedicationRequest("Afinitor"), emptyMedicationRequest("Nexavar"));
      }),
    ];
    const merged = mergeFacts([], { guesses });
    expect(merged.medicationRequests.map((m) => m.name)).toEqual(["everolimus (Afinitor)"]);
    expect(merged.warnings.join(" ")).toMatch(/No document states the requested medication/);
    const withForm = mergeFacts([source("form.pdf", STRENGTH.field, (f) => f.medicationRequests.push(emptyMedicationRequest("Epidiolex")))], { guesses });
    expect(withForm.medicationRequests.map((m) => m.name)).toEqual(["Epidiolex"]);
  });

  it("merges practitioners by NPI or name, keeps an invalid NPI with a warning, prescribers first", () => {
    const form = source("form.pdf", STRENGTH.field, (f) => {
      f.practitioners.push({ ...emptyPractitioner("prescriber"), family: "Lennox", prefix: ["Dr."], npi: "1234567", npiValid: false, specialty: "Pediatrics" });
    });
    const fhir = source("bundle.json", STRENGTH.fhir, (f) => {
      f.practitioners.push({ ...emptyPractitioner("other"), family: "Watson", npi: "1234567893", npiValid: true });
    });
    const note = source("note.pdf", STRENGTH.text, (f) => {
      f.practitioners.push({ ...emptyPractitioner("prescriber"), family: "Lennox", given: ["Ada"], specialty: "Pediatric Neurology" });
    });
    const merged = mergeFacts([fhir, note, form]);
    expect(merged.practitioners.map((p) => [p.family, p.role, p.npi, p.npiValid])).toEqual([
      ["Lennox", "prescriber", "1234567", false],
      ["Watson", "other", "1234567893", true],
    ]);
    expect(merged.warnings.join("\n")).toMatch(/NPI 1234567 of .*Lennox is not a valid NPI/);
  });

  it("dedupes labs, procedures, answers and evidence", () => {
    const lab = { name: "ALT", value: "18", unit: "U/L", date: "2024-11-02", evidence: [ev("labs", "value")] };
    const a = source("a", STRENGTH.text, (f) => {
      f.labs.push(lab);
      f.procedures.push({ code: "95816", system: "CPT", display: null, evidence: [ev("a", "code")] });
      f.answers.push({ question: "Tried?", answer: "Yes", evidence: [] });
    });
    const b = source("b", STRENGTH.text, (f) => {
      f.labs.push({ ...lab });
      f.procedures.push({ code: "95816", system: "CPT", display: "EEG", evidence: [ev("b", "code")] });
      f.answers.push({ question: "tried?", answer: "yes", evidence: [] });
    });
    const merged = mergeFacts([a, b]);
    expect(merged.labs).toHaveLength(1);
    expect(merged.labs[0].evidence).toHaveLength(1);
    expect(merged.procedures).toEqual([{ code: "95816", system: "CPT", display: "EEG", evidence: [ev("a", "code"), ev("b", "code")] }]);
    expect(merged.answers).toHaveLength(1);
  });
});
