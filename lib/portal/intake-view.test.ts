import { describe, expect, it } from "vitest";
import { evidenceFor, formatNdc, intakeView } from "./intake-view";
import { auditLabel, auditSummary } from "./audit-labels";
import type { FhirMedicationRequest, IntakeResponse, ProvenanceEntry } from "./types";
import type { ProvenanceResource } from "@/lib/fhir/provenance";

const ev = (resource: ProvenanceResource, field: string | null, quote: string): ProvenanceEntry => ({ resource, field, document_id: "d1", page: 1, start: 0, end: quote.length, quote });

const intake: IntakeResponse = {
  fhir: {
    patient: { resourceType: "Patient", id: "p", name: [{ given: ["Jane", "Q"], family: "Doe" }], gender: "F", birthDate: "2012-06-15" },
    practitioners: [{ resourceType: "Practitioner", id: "pr", identifier: [{ value: "1234567893" }], name: [{ prefix: ["Dr."], given: ["Alan"], family: "Grant" }], qualification: [{ code: { text: "Neurology" } }] }],
    diagnoses: [{ resourceType: "Condition", id: "c", code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "G40.811", display: "Lennox-Gastaut syndrome" }], text: "Lennox-Gastaut syndrome, not intractable" } }],
    medication_requests: [{
      resourceType: "MedicationRequest", id: "m",
      medicationCodeableConcept: { display: "Epidiolex 100 mg/mL", coding: [{ system: "http://hl7.org/fhir/sid/ndc", code: "70127010001" }] },
      dosageInstruction: [{ text: "Take 5 mL by mouth twice daily", route: { text: "oral" }, doseAndRate: [{ doseQuantity: { value: "5", unit: "mL" } }] }],
      extension: [{ url: "https://x/total-units-requested", valueDecimal: 300 }, { url: "https://x/ai-summary", valueString: "Epidiolex: quantity 300 mL; 30 days supply." }],
      dispenseRequest: { quantity: { value: 300, unit: "mL" }, expectedSupplyDuration: { value: 30, unit: "days" } },
    }],
  },
  provenance: [ev("Patient/p", "name", "Jane Q Doe"), ev("Patient/p", "birthDate", "06/15/2012"), ev("Practitioner/pr", "npi", "1234567893"), ev("MedicationRequest/m", null, "Epidiolex")],
  npi_checks: [{ npi: "1234567893", valid: false }],
  warnings: ["NPI 1234567893 fails its check digit"],
};

describe("intakeView", () => {
  it("reads the spec's FHIR shapes into labelled facts with their evidence", () => {
    const view = intakeView(intake);
    expect(view.patient?.facts.map((f) => [f.label, f.value, f.evidence?.quote ?? null])).toEqual([
      ["Name", "Jane Q Doe", "Jane Q Doe"],
      ["Date of birth", expect.stringMatching(/2012/), "06/15/2012"],
      ["Sex", "Female", null],
    ]);
    expect(view.prescribers[0]).toMatchObject({ npi: "1234567893", npiValid: false });
    expect(view.prescribers[0].facts.find((f) => f.label === "NPI")?.evidence?.quote).toBe("1234567893");
    expect(view.diagnoses[0].codes).toEqual([{ code: "G40.811", display: "Lennox-Gastaut syndrome", billable: null, warning: null }]);
    const med = Object.fromEntries(view.medications[0].facts.map((f) => [f.label, f.value]));
    expect(med).toMatchObject({ Medication: "Epidiolex 100 mg/mL", NDC: "70127-0100-01", Quantity: "300 mL", "Days supply": "30", Directions: "Take 5 mL by mouth twice daily", Route: "oral" });
    // A resource's first evidence stands for its main fact when no field was named; never for a specific field.
    expect(view.medications[0].facts[0].evidence?.quote).toBe("Epidiolex");
    expect(view.medications[0].facts.find((f) => f.label === "NDC")?.evidence).toBeNull();
    expect(view.warnings).toHaveLength(1);
  });

  it("gives a quantity its own unit, never the dose's", () => {
    const mr = { ...intake.fhir.medication_requests[0], id: "n", dosageInstruction: [{ text: "160 mg on day 1", doseAndRate: [{ doseQuantity: { value: "160", unit: "mg" } }] }] };
    const units = (dispenseRequest: FhirMedicationRequest["dispenseRequest"]) =>
      intakeView({ ...intake, fhir: { ...intake.fhir, medication_requests: [{ ...mr, dispenseRequest }] } }).medications[0].facts.find((f) => f.label === "Quantity")?.value;
    expect(units({ quantity: { value: 300, unit: "injections" } })).toBe("300 injections");
    expect(units(undefined)).toBe("300");
  });

  it("copes with an empty intake", () => {
    expect(intakeView({ fhir: { patient: null, practitioners: [], diagnoses: [], medication_requests: [] } })).toEqual({ identityConflicts: [], coverage: null, patient: null, prescribers: [], diagnoses: [], medications: [], services: [], warnings: [] });
  });

  it("shows a procedure request's service code with the words it was read from", () => {
    const view = intakeView({
      fhir: { patient: null, practitioners: [], diagnoses: [], medication_requests: [] },
      requested_services: [{ code: "70553", system: "CPT", display: "MRI brain", evidence: [{ document_id: "d1", page: 2, start: 10, end: 19, quote: "CPT 70553" }] }, { code: "J3490", system: "HCPCS", display: null, evidence: [] }],
    });
    expect(view.services.map((s) => s.facts[0].value)).toEqual(["CPT 70553 (MRI brain)", "HCPCS J3490"]);
    expect(view.services[0].facts[0].evidence).toMatchObject({ document_id: "d1", page: 2, quote: "CPT 70553" });
    expect(view.services[1].facts[0].evidence).toBeNull();
  });

  it("shows identity conflicts, the member ID, the coverage and a category code's warning", () => {
    const view = intakeView({
      ...intake,
      fhir: {
        ...intake.fhir,
        patient: { ...intake.fhir.patient!, identifier: [{ type: { coding: [{ code: "MB" }] }, value: "XJ4418820" }] },
        diagnoses: [{ resourceType: "Condition", id: "c", code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "K50.9" }] } }],
      },
      provenance: [...intake.provenance!, ev("Patient/p", "memberId", "XJ4418820")],
      identity_conflicts: [{ field: "gender", documents: ["form.pdf", "note.pdf"], values: [{ value: "female", document: "form.pdf" }, { value: "male", document: "note.pdf" }], approval_needs_person: true }],
      coverage: { member_id: "XJ4418820", payer: "Prairie Mutual", plan: null, group: null },
      diagnosis_codes: [{ condition_id: "c", code: "K50.9", title: "Crohn's disease, unspecified", billable: false, warning: "K50.9 is a category, not billable", source: "stated" }],
    });
    expect(view.identityConflicts).toEqual([{ field: "gender", text: "Sex differs between documents: Female (form.pdf), Male (note.pdf)." }]);
    expect(view.patient!.facts[0]).toMatchObject({ label: "Member ID", value: "XJ4418820", evidence: { quote: "XJ4418820" } });
    expect(view.coverage).toEqual({ memberId: "XJ4418820", payer: "Prairie Mutual", plan: null, group: null });
    expect(view.diagnoses[0].codes).toEqual([{ code: "K50.9", display: "Crohn's disease, unspecified", billable: false, warning: "K50.9 is a category, not billable" }]);
  });

  it("takes the member ID read with the patient when no coverage block was read (a PAS Patient's identifier)", () => {
    const patient = { ...intake.fhir.patient!, identifier: [{ type: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/v2-0203", code: "MB" }] }, value: "12345678901" }] };
    expect(intakeView({ ...intake, fhir: { ...intake.fhir, patient } }).coverage).toEqual({ memberId: "12345678901", payer: null, plan: null, group: null });
    expect(intakeView({ ...intake, fhir: { ...intake.fhir, patient }, coverage: { member_id: null, payer: "Prairie Mutual", plan: null, group: null } }).coverage)
      .toEqual({ memberId: "12345678901", payer: "Prairie Mutual", plan: null, group: null });
    expect(intakeView(intake).coverage).toBeNull();
  });

  it("finds evidence by field keyword", () => {
    expect(evidenceFor(intake.provenance!, "Patient/p", ["birth"])?.quote).toBe("06/15/2012");
    expect(evidenceFor(intake.provenance!, "Patient/p", ["gender"])).toBeNull();
    expect(formatNdc("70127010001")).toBe("70127-0100-01");
  });
});

describe("audit labels", () => {
  it("say what happened in words", () => {
    expect(auditLabel("review.decided")).toBe("Reviewer decided");
    expect(auditLabel("something.new_here")).toBe("Something new here");
    expect(auditSummary("review.decided", { decision: "approved", note: "ok" })).toBe("Approved · “ok”");
    expect(auditSummary("prior_auth.updated", { assignee: null })).toBe("Unassigned");
    expect(auditSummary("document.attached", { url: "pa-document:abc", pages: 2 })).toBe("uploaded file · 2 pages");
    expect(auditSummary("policy_check.completed", { policy: "P", overall: "not_met", steps: 1 })).toBe("P · criteria not met · 1 step");
    expect(auditSummary("prior_auth.created", null)).toBeNull();
  });
});
