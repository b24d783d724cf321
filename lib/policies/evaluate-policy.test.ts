import { describe, expect, it } from "vitest";
import type { Evidence, IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import type { ClaimRecord } from "@/lib/claims/types";
import { evaluatePolicy } from "./evaluate-policy";
import { policyFromCriteriaDocument, ZPolicyCriteriaDocument, type TCriteriaDocumentNode } from "./policy-payload";
import { selectIndication } from "./select-indication";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { Check, ParsedPolicy, PolicyCheckStep } from "./types";

const ev = (quote: string, field?: string): Evidence => ({ documentId: "form", page: 1, start: 0, end: quote.length, quote, ...(field ? { field } : {}) });

const epidiolex: IntakeMedicationRequest = {
  name: "Epidiolex 100 mg/mL oral solution", ndc: "70127010001", otherCodings: [], strength: "100 mg/mL", doseValue: "5", doseUnit: "mg/kg",
  route: "oral", directions: "Take 5 mg/kg/day divided in two doses", quantity: 2, quantityUnit: "bottles", daysSupply: 30, refills: 1, reasons: [], evidence: [ev("Epidiolex 100 mg/mL")],
};

function facts(over: Partial<IntakeFacts> = {}): IntakeFacts {
  return {
    patient: { given: ["Maxie"], family: "Doe", birthDate: "2012-06-15", gender: "male", memberId: null, phone: null, address: null, evidence: [ev("Date of Birth: 06-15-2012", "birthDate")] },
    practitioners: [{ npi: null, npiValid: null, prefix: ["Dr."], given: ["Ann"], family: "Lee", specialty: "Pediatric Neurology", phone: null, fax: null, address: null, role: "prescriber", evidence: [ev("Specialty: Pediatric Neurology", "specialty")] }],
    diagnoses: [{ icd10: ["G40.811"], name: "Lennox-Gastaut syndrome", otherCodings: [], clinicalStatus: "active", verificationStatus: "confirmed", onsetDate: null, notes: [], evidence: [ev("G40.811 Lennox-Gastaut syndrome")] }],
    medicationRequests: [epidiolex],
    priorTreatments: [],
    labs: [],
    procedures: [],
    answers: [],
    warnings: [],
    ...over,
  };
}

const note = (text: string): SourceDocument => ({ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] });
const fill = (claim_id: string, date: string, drug_name: string, extra: Partial<ClaimRecord> = {}): ClaimRecord => ({ claim_id, date, type: "pharmacy", status: "paid", drug_name, days_supply: 30, ...extra });

/** A one-section policy whose criteria are given checks (the criteria-document path, so the checks are exact). */
function policyOf(criteria: TCriteriaDocumentNode, extra: { kind?: "initial" | "continuation" } = {}): ParsedPolicy {
  return policyFromCriteriaDocument(
    ZPolicyCriteriaDocument.parse({
      title: "Test policy",
      drug_names: ["Epidiolex (cannabidiol oral solution)"],
      sections: [{ id: "s", title: "Lennox-Gastaut Syndrome", kind: extra.kind ?? "initial", diagnosis: { names: ["Lennox-Gastaut syndrome"], icd10_prefixes: ["G40.81"] }, criteria }],
    }),
  );
}

function run(check: Check, input: { facts?: IntakeFacts; documents?: SourceDocument[]; claims?: ClaimRecord[]; kind?: "initial" | "continuation" } = {}): PolicyCheckStep {
  const policy = policyOf({ all: [{ id: "c", text: "The criterion under test", check: check as never }] }, { kind: input.kind });
  const result = evaluatePolicy({ policy, facts: input.facts ?? facts(), documents: input.documents ?? [], claims: input.claims ?? [], testClaim: null, asOf: "2024-11-15" });
  return result.steps[0];
}

describe("each check kind on passing, failing and missing evidence", () => {
  it("age", () => {
    const age: Check = { kind: "age", min: 1 };
    expect(run(age)).toMatchObject({ outcome: "met", passed: true, question_or_action: "Is the patient 1 year of age or older?" });
    expect(run(age).answer).toContain("Date of Birth: 06-15-2012");
    expect(run({ kind: "age", max: 12, maxExclusive: true })).toMatchObject({ outcome: "not_met", passed: false });
    const noBirth = facts({ patient: { ...facts().patient!, birthDate: null } });
    expect(run(age, { facts: noBirth })).toMatchObject({ outcome: "missing", missingInformation: "Patient's date of birth" });
  });

  it("diagnosis by ICD-10 prefix or name", () => {
    const dx: Check = { kind: "diagnosis", names: ["Lennox-Gastaut syndrome"], icd10Prefixes: ["G40.81"] };
    expect(run(dx)).toMatchObject({ outcome: "met", passed: true });
    const other = facts({ diagnoses: [{ ...facts().diagnoses[0], icd10: ["G40.309"], name: "Generalized epilepsy" }] });
    expect(run(dx, { facts: other })).toMatchObject({ outcome: "not_met" });
    const typo = facts({ diagnoses: [{ ...facts().diagnoses[0], icd10: [], name: "Lennox-Gustaut Syndrome" }] });
    expect(run(dx, { facts: typo }).outcome).toBe("met");
    expect(run(dx, { facts: facts({ diagnoses: [] }) })).toMatchObject({ outcome: "missing" });
    expect(run(dx, { facts: facts({ diagnoses: [] }), documents: [note("Assessment: concerning for Lennox-Gastaut syndrome.")] })).toMatchObject({ outcome: "not_met", passed: false });
  });

  it("prescriber specialty with synonyms and consultation", () => {
    const neuro: Check = { kind: "prescriber_specialty", specialties: ["neurologist"], consultationAllowed: true };
    expect(run(neuro)).toMatchObject({ outcome: "met" });
    const pediatrics = facts({ practitioners: [{ ...facts().practitioners[0], specialty: "Pediatrics" }] });
    const consult = run(neuro, { facts: pediatrics, documents: [note("Plan:\n- Pediatric neurology on consult, appreciate recommendations")] });
    expect(consult).toMatchObject({ outcome: "met", evidence: [expect.objectContaining({ documentId: "note", page: 1, quote: expect.stringContaining("Pediatric neurology on consult") })] });
    expect(run({ kind: "prescriber_specialty", specialties: ["oncologist"] }, { facts: facts({ practitioners: [{ ...facts().practitioners[0], specialty: "Hematology/Oncology" }] }) }).outcome).toBe("met");
    expect(run({ kind: "prescriber_specialty", specialties: ["neurologist"] }, { facts: pediatrics })).toMatchObject({ outcome: "not_met" });
    expect(run(neuro, { facts: facts({ practitioners: [] }) })).toMatchObject({ outcome: "missing" });
  });

  it("step therapy from the notes and from paid claims (denied claims and short trials do not count)", () => {
    const two: Check = { kind: "step_therapy", drugs: [], drugClasses: ["antiseizure"], count: 2, outcomes: ["tried"], excludeRequested: true, minDurationDays: 28 };
    const fromNotes = facts({
      priorTreatments: [
        { drug: "Valproic acid", outcome: "failed", startDate: "2024-05-01", endDate: "2024-06-01", durationDays: 31, evidence: [ev("Valproic acid May 1-June 1, 2024")] },
        { drug: "Lamotrigine", outcome: "ongoing", startDate: "2024-05-14", endDate: null, durationDays: null, evidence: [ev("Lamotrigine May 14, 2024 - current")] },
      ],
    });
    expect(run(two, { facts: fromNotes })).toMatchObject({ outcome: "met", passed: true });
    const paid = [fill("C1", "2024-01-01", "Keppra 500 mg"), fill("C2", "2024-01-31", "levetiracetam 500 mg"), fill("C3", "2024-03-01", "Topamax 25 mg"), fill("C4", "2024-04-01", "topiramate")];
    const byClaims = run(two, { claims: paid });
    expect(byClaims).toMatchObject({ outcome: "met", evidence: expect.arrayContaining([expect.objectContaining({ claimId: "C1" })]) });
    const denied = run(two, { claims: [fill("D1", "2024-01-01", "Keppra", { status: "denied" }), fill("D2", "2024-02-01", "Topamax", { status: "pending" })] });
    expect(denied).toMatchObject({ outcome: "not_met", passed: false });
    expect(denied.answer).toMatch(/Not counted: D1 .*denied.*D2 .*pending/);
    const short = run(two, { claims: [...paid.slice(0, 2), fill("S1", "2024-05-01", "zonisamide", { days_supply: 14 })] });
    expect(short.outcome).toBe("not_met");
    expect(short.answer).toMatch(/Shorter than 28 days: zonisamide/);
    // The requested drug never counts as a trial of "other" drugs.
    expect(run(two, { claims: [fill("E1", "2024-01-01", "Epidiolex"), fill("E2", "2024-02-01", "Epidiolex"), ...paid.slice(0, 2)] }).outcome).toBe("not_met");
    expect(run(two, { facts: facts({ priorTreatments: [] }) })).toMatchObject({ outcome: "missing", missingInformation: expect.stringContaining("antiseizure") });
  });

  it("step therapy: drugs a form's question names as examples are no trial; a statement in the notes is", () => {
    const tki: Check = { kind: "step_therapy", drugs: ["dasatinib", "nilotinib"], drugClasses: [], count: 1, outcomes: ["tried"], excludeRequested: true };
    const question = note("(if Ph+) Has your patient failed treatment with tyrosine kinase inhibitor therapy (for example: imatinib [Gleevec], dasatinib [Sprycel],\nnilotinib [Tasigna])? | Yes | No");
    expect(run(tki, { facts: facts({ priorTreatments: [] }), documents: [question] })).toMatchObject({ outcome: "missing", evidence: [] });
    const statement = note("Disease progressed despite therapy with dasatinib for 4 months.");
    expect(run(tki, { facts: facts({ priorTreatments: [] }), documents: [statement] }).answer).toMatch(/dasatinib/);
  });

  it("lab threshold", () => {
    const lab: Check = { kind: "lab_threshold", analyte: "blood eosinophil count", comparator: ">=", value: 150, unit: "cells/uL" };
    const labs = (value: string) => facts({ labs: [{ name: "Eosinophil count", value, unit: "cells/uL", date: "2024-10-01", evidence: [ev(`Eosinophils ${value} cells/uL`)] }] });
    expect(run(lab, { facts: labs("300") })).toMatchObject({ outcome: "met" });
    expect(run(lab, { facts: labs("90") })).toMatchObject({ outcome: "not_met" });
    expect(run(lab)).toMatchObject({ outcome: "missing" });
  });

  it("lab threshold with a look-back window: only a result dated inside it counts", () => {
    const ldl: Check = { kind: "lab_threshold", analyte: "LDL-C", comparator: ">=", value: 70, unit: "mg/dL", withinDays: 90 };
    const labs = (...rows: [string, string | null][]) => facts({ labs: rows.map(([value, date]) => ({ name: "LDL Cholesterol", value, unit: "mg/dL", date, evidence: [ev(`LDL ${value} mg/dL`)] })) });
    expect(run(ldl, { facts: labs(["96", "2024-10-02"]) })).toMatchObject({ outcome: "met" });
    // Met long ago (236 in 2022), no result in the 90 days: a request for a recent result, never met.
    expect(run(ldl, { facts: labs(["236", "2022-03-01"]) })).toMatchObject({ outcome: "missing", missingInformation: expect.stringContaining("within 90 days") });
    expect(run(ldl, { facts: labs(["236", null]) })).toMatchObject({ outcome: "missing" });
    // The result inside the window decides, not a higher older one.
    expect(run(ldl, { facts: labs(["236", "2022-03-01"], ["60", "2024-09-30"]) })).toMatchObject({ outcome: "not_met" });
  });

  it("lab threshold by diagnosis: the value of the first alternative the case's diagnoses confirm", () => {
    const ldl: Check = {
      kind: "lab_threshold", analyte: "LDL-C", comparator: ">=", value: 70, unit: "mg/dL", withinDays: 90,
      byDiagnosis: [{ value: 70, names: ["clinical ASCVD"], icd10Prefixes: ["I25", "I63"] }, { value: 100, names: ["HeFH", "HoFH"], icd10Prefixes: ["E78.011", "E78.010"] }],
    };
    const dx = (code: string, name: string, verificationStatus: "confirmed" | "provisional" = "confirmed") => ({ icd10: [code], name, otherCodings: [], clinicalStatus: "active" as const, verificationStatus, onsetDate: null, notes: [], evidence: [ev(`${code} ${name}`)] });
    const withDx = (value: string, ...diagnoses: ReturnType<typeof dx>[]) => facts({ diagnoses: [...(facts().diagnoses ?? []), ...diagnoses], labs: [{ name: "LDL-C", value, unit: "mg/dL", date: "2024-10-01", evidence: [ev(`LDL-C ${value} mg/dL`)] }] });
    expect(run(ldl, { facts: withDx("91", dx("I25.10", "Coronary artery disease")) })).toMatchObject({ outcome: "met" });
    // HeFH without ASCVD: 91 is above 70 but below the 100 that applies.
    expect(run(ldl, { facts: withDx("91", dx("E78.011", "Heterozygous familial hypercholesterolemia")) })).toMatchObject({ outcome: "not_met", reason: expect.stringContaining("HeFH") });
    expect(run(ldl, { facts: withDx("120", dx("E78.011", "Heterozygous familial hypercholesterolemia")) })).toMatchObject({ outcome: "met" });
    // Both: the policy's order (ASCVD first) decides.
    expect(run(ldl, { facts: withDx("91", dx("E78.011", "Heterozygous familial hypercholesterolemia"), dx("I25.2", "Old myocardial infarction")) })).toMatchObject({ outcome: "met" });
    // No diagnosis of the list confirmed: the diagnosis is asked for, never the lowest value assumed.
    expect(run(ldl, { facts: withDx("91", dx("E78.5", "Hyperlipidemia")) })).toMatchObject({ outcome: "missing", missingInformation: expect.stringContaining("ASCVD") });
    expect(run(ldl, { facts: withDx("91", dx("I25.10", "Coronary artery disease", "provisional")) })).toMatchObject({ outcome: "missing" });
  });

  it("lab value against the laboratory's own reference range", () => {
    const crp: Check = { kind: "lab_threshold", analyte: "C-reactive protein", comparator: ">", value: 1, relativeTo: "upper_limit_of_normal" };
    // A lab table row: name | value | reference range; the value's evidence span points into the page.
    const page = "Lab Test | Result | Reference\nESR | 30 mm/h | <20 mm/h\nCRP | VALUE mg/L | 0.0 - 5.0 mg/L\nAlbumin | 4.1 g/dL";
    const withCrp = (value: string, text = page) => {
      const body = text.replace("VALUE", value);
      const at = body.indexOf(`CRP | ${value}`) + 6;
      const documents = [{ id: "labs", name: "labs.pdf", contentType: "application/pdf", pages: [{ page: 1, text: body }] }];
      const evidence: Evidence[] = [{ documentId: "labs", page: 1, start: at - 6, end: at - 3, quote: "CRP", field: "name" }, { documentId: "labs", page: 1, start: at, end: at + value.length, quote: value, field: "value" }];
      return { documents, facts: facts({ labs: [{ name: "CRP", value, unit: "mg/L", date: null, evidence }] }) };
    };
    expect(run(crp, withCrp("25"))).toMatchObject({ outcome: "met", answer: expect.stringContaining("upper limit is 5") });
    expect(run(crp, withCrp("3"))).toMatchObject({ outcome: "not_met" });
    expect(run(crp, withCrp("25", "CRP | VALUE mg/L"))).toMatchObject({ outcome: "missing", missingInformation: expect.stringContaining("reference range") });
    expect(run({ ...crp, value: 3 }, withCrp("12"))).toMatchObject({ outcome: "not_met" });
  });

  it("documentation of a finding, with negation", () => {
    const doc: Check = { kind: "documentation", what: "Disease is metastatic", terms: ["metastatic"] };
    expect(run(doc, { documents: [note("CT chest: new lesions consistent with metastatic disease.")] })).toMatchObject({
      outcome: "met",
      evidence: [{ documentId: "note", page: 1, start: 0, end: 57, quote: "CT chest: new lesions consistent with metastatic disease." }],
    });
    expect(run(doc, { documents: [note("No evidence of metastatic disease at this time.")] })).toMatchObject({ outcome: "not_met" });
    expect(run(doc, { documents: [note("Patient is well.")] })).toMatchObject({ outcome: "missing", missingInformation: "Documentation that disease is metastatic" });
    // An abbreviation keeps its capitals inside the sentence.
    const mrd: Check = { kind: "documentation", what: "B-ALL in remission but positive for minimal residual disease (MRD+)", terms: ["MRD+"] };
    expect(run(mrd, { documents: [note("Patient is well.")] }).missingInformation).toBe("Documentation that B-ALL in remission but positive for minimal residual disease (MRD+)");
  });

  it("documentation of a disease state: only about the disease, still with negation and hedges", () => {
    const doc: Check = { kind: "documentation", what: "Relapsed or refractory B-ALL", terms: ["relapsed", "refractory b-all"] };
    // "recurrent" of infections is not a relapse; nor is a far-off "recurrence" of another sentence's subject.
    expect(run(doc, { documents: [note("History: the child presented with tiredness and recurrent infections.")] })).toMatchObject({ outcome: "missing" });
    expect(run(doc, { documents: [note("Marrow biopsy on 10/4 shows relapse of his leukemia with 60% blasts.")] })).toMatchObject({ outcome: "met" });
    expect(run(doc, { documents: [note("Findings today are concerning for recurrence of B-ALL.")] })).toMatchObject({ outcome: "missing", answer: expect.stringMatching(/^Only as a possibility/) });
    expect(run(doc, { documents: [note("No relapse of the leukemia was seen on the marrow.")] })).toMatchObject({ outcome: "not_met" });
    // A form's question after another question's printed "Yes | No" neither states nor denies it.
    expect(run(doc, { documents: [note("Is the patient in remission? | Yes | No Does your patient have relapsed or refractory disease?")] })).toMatchObject({ outcome: "missing", evidence: [] });
  });

  it("a counted finding and a score stated in the notes", () => {
    const bursts: Check = { kind: "documentation", what: "Two or more bursts of systemic corticosteroids", terms: ["bursts"], minCount: 2 };
    expect(run(bursts, { documents: [note("She needed 3 oral steroid bursts over the last year.")] })).toMatchObject({ outcome: "met" });
    expect(run(bursts, { documents: [note("She needed one steroid burst in March.")] })).toMatchObject({ outcome: "missing" });
    const act: Check = { kind: "lab_threshold", analyte: "ACT score", comparator: "<", value: 20 };
    expect(run(act, { documents: [note("Asthma remains poorly controlled, ACT score of 14 today.")] })).toMatchObject({ outcome: "met", answer: expect.stringContaining("ACT 14") });
    expect(run(act, { documents: [note("ACT: 23, well controlled.")] })).toMatchObject({ outcome: "not_met" });
    expect(run(act)).toMatchObject({ outcome: "missing" });
  });

  it("combination therapy and concurrent therapy exclusion", () => {
    const combo: Check = { kind: "combination_therapy", drugs: ["Nexavar (sorafenib)"] };
    expect(run(combo, { documents: [note("Start 5 mg/m2 of Afinitor daily with 200 mg/m2 of Nexavar twice daily.")] }).outcome).toBe("met");
    expect(run(combo, { documents: [note("Start 5 mg/m2 of Afinitor once daily.")] })).toMatchObject({ outcome: "not_met" });
    expect(run(combo, { facts: facts({ medicationRequests: [] }) })).toMatchObject({ outcome: "missing" });
    const exclusion: Check = { kind: "concurrent_therapy_exclusion", drugs: ["Fintepla"], drugClasses: [] };
    expect(run(exclusion)).toMatchObject({ outcome: "met" });
    expect(run(exclusion, { claims: [fill("F1", "2024-10-20", "Fintepla 2.2 mg/mL")] })).toMatchObject({ outcome: "not_met", evidence: [expect.objectContaining({ claimId: "F1" })] });
    expect(run(exclusion, { facts: facts({ medicationRequests: [], priorTreatments: [] }) })).toMatchObject({ outcome: "missing" });
  });

  it("lifetime limit: earlier fills and dated courses count with the request, each day once", () => {
    const lifetime: Check = { kind: "duration_limit", value: 24, unit: "month", lifetime: true, drugs: ["cannabidiol"] };
    // 24 fills of 28 days, 2021-2022 (672 days), and the request's 30 days x 2 fills: 732 > 720.
    const fills = Array.from({ length: 24 }, (_, i) => fill(`f${i}`, new Date(Date.parse("2021-01-04") + i * 28 * 86_400_000).toISOString().slice(0, 10), "Epidiolex 100 mg/mL", { days_supply: 28 }));
    expect(run(lifetime, { claims: fills })).toMatchObject({ outcome: "not_met", reason: expect.stringContaining("672 + 60") });
    // The same course written twice (claims and the form's table) is counted once.
    const course = { drug: "Epidiolex", outcome: "unknown" as const, startDate: "2021-01-04", endDate: "2022-12-31", durationDays: null, evidence: [ev("Epidiolex 01/2021 - 12/2022")] };
    expect(run(lifetime, { claims: fills.slice(0, 12), facts: facts({ priorTreatments: [course] }) })).toMatchObject({ outcome: "not_met" });
    // Never taken: the request alone is within the limit.
    expect(run(lifetime)).toMatchObject({ outcome: "met", answer: expect.stringContaining("no earlier cannabidiol") });
    expect(run(lifetime, { claims: fills.slice(0, 6) })).toMatchObject({ outcome: "met" });
    // An earlier course the case does not date proves nothing: a request for its dates, never met.
    expect(run(lifetime, { claims: [fill("x", "2022-01-01", "Epidiolex", { days_supply: undefined })] })).toMatchObject({ outcome: "missing" });
    expect(run(lifetime, { facts: facts({ priorTreatments: [{ ...course, startDate: null, endDate: null }] }) })).toMatchObject({ outcome: "missing" });
    // A request stating no days supply cannot be counted, unless the limit is already reached.
    const noSupply = facts({ medicationRequests: [{ ...epidiolex, daysSupply: null }] });
    expect(run(lifetime, { facts: noSupply })).toMatchObject({ outcome: "missing" });
    expect(run(lifetime, { facts: noSupply, claims: [...fills, fill("y", "2023-01-01", "Epidiolex", { days_supply: 60 })] })).toMatchObject({ outcome: "not_met" });
  });

  it("quantity limit against the request", () => {
    const limit: Check = { kind: "quantity_limit", value: 2, unit: "bottle", perDays: 30 };
    expect(run(limit)).toMatchObject({ outcome: "met" });
    expect(run({ ...limit, value: 1 })).toMatchObject({ outcome: "not_met" });
    expect(run(limit, { facts: facts({ medicationRequests: [{ ...epidiolex, quantity: null }] }) })).toMatchObject({ outcome: "missing" });
  });

  it("a dosing table's limit that the section states as a criterion is one step, another limit is its own step", () => {
    const dose: Check = { kind: "dose_limit", value: 10, unit: "mg/kg", perDays: 1 };
    const policy = policyOf({ all: [{ id: "c", text: "Dose does not exceed 10 mg/kg/day", check: dose as never }] });
    const limit = (id: string, check: Check) => ({ kind: "criterion" as const, id, text: id, quote: { page: 1, text: id }, check });
    const withTable = { ...policy, limits: [limit("limit.1", dose), limit("limit.2", { kind: "quantity_limit", value: 2, unit: "bottle", perDays: 30 })] };
    const result = evaluatePolicy({ policy: withTable, facts: facts(), documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    expect(result.steps.map((s) => s.criterionId)).toEqual(["c", "limit.2"]);
  });

  it("continuation from paid claims of the requested drug; manual criteria go to a clinician", () => {
    const on: Check = { kind: "continuation", requirement: "on_therapy" };
    expect(run(on, { claims: [fill("R1", "2024-09-01", "Epidiolex 100 mg/mL"), fill("R2", "2024-10-01", "Epidiolex 100 mg/mL", { status: "denied" })], kind: "continuation" })).toMatchObject({
      outcome: "met",
      evidence: [expect.objectContaining({ claimId: "R1" })],
    });
    expect(run(on, { kind: "continuation" })).toMatchObject({ outcome: "missing" });
    expect(run({ kind: "continuation", requirement: "response" }, { documents: [note("Seizure frequency reduced by half since starting therapy; responding well.")], kind: "continuation" }).outcome).toBe("met");
    expect(run({ kind: "manual" })).toMatchObject({ outcome: "manual", passed: false });
  });
});

describe("ANY groups: every leaf is reported", () => {
  const criteria: TCriteriaDocumentNode = {
    all: [
      { id: "age", text: "Patient is 1 year of age or older", check: { kind: "age", min: 1 } },
      {
        id: "trial",
        text: "ONE of the following",
        any: [
          { id: "two", text: "Tried two other antiseizure medications", check: { kind: "step_therapy", drugs: [], drugClasses: ["antiseizure"], count: 2, outcomes: ["tried"], excludeRequested: true } },
          { id: "fintepla", text: "Tried Fintepla, Diacomit or clobazam", check: { kind: "step_therapy", drugs: ["Fintepla", "Diacomit", "clobazam"], drugClasses: [], count: 1, outcomes: ["tried"] } },
        ],
      },
    ],
  };
  const tried = (drugs: string[]) => facts({ priorTreatments: drugs.map((drug) => ({ drug, outcome: "failed" as const, startDate: null, endDate: null, durationDays: null, evidence: [ev(`${drug}: failed`)] })) });

  it("marks the alternatives of a met ANY group as not needed, never as failed", () => {
    const result = evaluatePolicy({ policy: policyOf(criteria), facts: tried(["lamotrigine", "topiramate"]), documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    expect(result.steps.map((s) => [s.criterionId, s.outcome, s.passed, s.notNeeded ?? false])).toEqual([
      ["age", "met", true, false],
      ["two", "met", true, false],
      ["fintepla", "met", false, true],
    ]);
    expect(result.steps[2].answer).toMatch(/^Not needed: criterion two already meets/);
    expect(result.summary).toMatchObject({ overall: "met", failedSteps: [] });
  });

  it("reports a failed alternative as missing while another alternative may still be documented", () => {
    const open = policyOf({
      any: [
        { id: "a", text: "Tried clobazam", check: { kind: "step_therapy", drugs: ["clobazam"], drugClasses: [], count: 1, outcomes: ["tried"] } },
        { id: "b", text: "Seen by a neurologist", check: { kind: "prescriber_specialty", specialties: ["neurologist"] } },
      ],
    });
    const result = evaluatePolicy({ policy: open, facts: tried(["lamotrigine"]), documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    // Practitioner is a pediatric neurologist: b is met, so a is not needed.
    expect(result.steps.find((s) => s.criterionId === "a")).toMatchObject({ notNeeded: true, outcome: "met" });
    const noSpecialty = evaluatePolicy({ policy: open, facts: { ...tried(["lamotrigine"]), practitioners: [] }, documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    expect(noSpecialty.steps.find((s) => s.criterionId === "a")).toMatchObject({ outcome: "missing", passed: false, closedAlternative: true, reason: expect.stringContaining("can still meet") });
    expect(noSpecialty.summary.overall).toBe("missing");
    // One branch left open: what it misses is simply required, not offered as an alternative.
    expect(noSpecialty.steps.find((s) => s.criterionId === "b")?.openAlternative).toBeUndefined();
    // Both branches open: each missing step says which branch of the group it belongs to.
    const bothOpen = evaluatePolicy({ policy: open, facts: { ...facts(), practitioners: [] }, documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    const [a, b] = ["a", "b"].map((id) => bothOpen.steps.find((s) => s.criterionId === id));
    expect(a).toMatchObject({ outcome: "missing", openAlternative: { branch: 0 } });
    expect(b).toMatchObject({ outcome: "missing", openAlternative: { group: a?.openAlternative?.group, branch: 1 } });
  });

  it("fails the step that fails, with its reason, when no alternative is left", () => {
    const result = evaluatePolicy({ policy: policyOf(criteria), facts: tried(["vigabatrin"]), documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    expect(result.summary.overall).toBe("not_met");
    expect(result.steps.filter((s) => s.outcome === "not_met").map((s) => s.criterionId)).toEqual(["two", "fintepla"]);
    expect(result.steps[1].policy_guideline_quoted_source).toContain("Tried two other antiseizure medications");
  });
});

describe("a sentence about other products or forms of the section", () => {
  // Epidiolex is an oral solution: a sentence scoped to tablets or to another product asks nothing of it. On its own
  // it is met ("does not apply"); as an alternative it is one this request does not have, never one that meets.
  const manual = (id: string, text: string) => ({ id, text, check: { kind: "manual" as const } });
  const trial = { id: "trial", text: "Tried clobazam", check: { kind: "step_therapy" as const, drugs: ["clobazam"], drugClasses: [], count: 1, outcomes: ["tried" as const] } };
  // Lamotrigine is on record, clobazam never: the trial is not met.
  const history = facts({ priorTreatments: [{ drug: "lamotrigine", outcome: "failed", startDate: null, endDate: null, durationDays: null, evidence: [ev("lamotrigine: failed")] }] });
  const decide = (criteria: TCriteriaDocumentNode) => evaluatePolicy({ policy: policyOf(criteria), facts: history, documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
  const ROWS: [string, TCriteriaDocumentNode, string, string][] = [
    ["a forms exception as an alternative to a trial", { any: [trial, manual("forms", "Granules, suspensions and ODT forms: member is younger than 12 years of age (no trial required).")] }, "not_met", "not_met"],
    ["a tablets-only exception as an alternative", { any: [trial, manual("forms", "Chewable tablets or orally disintegrating tablets: age under 6 years.")] }, "not_met", "not_met"],
    ["another product's exception as an alternative", { any: [trial, manual("forms", "MYDAYIS – member must be 13 years of age or older.")] }, "not_met", "not_met"],
    ["a forms sentence on its own", { all: [manual("forms", "Tablets and capsules: 1 unit per day.")] }, "met", "met"],
    ["another product's sentence on its own", { all: [manual("forms", "MYDAYIS – member must be 13 years of age or older.")] }, "met", "met"],
    ["a sentence about the requested form is judged", { any: [trial, manual("forms", "Oral solution – for members unable to swallow tablets.")] }, "manual", "missing"],
  ];
  it.each(ROWS)("%s", (_name, criteria, outcome, overall) => {
    const result = decide(criteria);
    const step = result.steps.find((s) => s.criterionId === "forms");
    expect(step?.outcome === "missing" && step.closedAlternative ? "not_met" : step?.outcome).toBe(outcome);
    expect(result.summary.overall).toBe(overall);
    if (outcome !== "manual") expect(step?.answer).toMatch(/^Does not apply/);
  });
});

describe("selectIndication", () => {
  const policy = policyFromCriteriaDocument(
    ZPolicyCriteriaDocument.parse({
      title: "Epidiolex",
      drug_names: ["Epidiolex (cannabidiol oral solution)"],
      sections: [
        { id: "epi", title: "Treatment-refractory epilepsy", kind: "initial", diagnosis: { names: ["epilepsy"], icd10_prefixes: ["G40"] }, criteria: "Patient is 1 year of age or older" },
        { id: "lgs-i", title: "Lennox-Gastaut Syndrome", kind: "initial", criteria: "Patient is 1 year of age or older" },
        { id: "lgs-c", title: "Lennox-Gastaut Syndrome", kind: "continuation", criteria: "Patient is responding to therapy" },
      ],
    }),
  );

  it("prefers the most specific ICD-10 match and the initial criteria for a new start", () => {
    const selection = selectIndication(policy, facts(), { requested: epidiolex });
    expect(selection.chosen?.id).toBe("lgs-i");
    expect(selection.phase).toBe("initial");
  });

  it("takes the continuation criteria when paid claims show the requested drug in use", () => {
    const selection = selectIndication(policy, facts(), { requested: epidiolex, claims: [fill("R1", "2024-09-01", "Epidiolex 100 mg/mL")] });
    expect(selection).toMatchObject({ phase: "continuation", chosen: { id: "lgs-c" } });
    expect(selection.phaseReason).toContain("R1");
  });

  it("takes policy-wide continuation criteria for an indication that has none of its own", () => {
    const wide = policyFromCriteriaDocument(
      ZPolicyCriteriaDocument.parse({
        title: "Epidiolex",
        drug_names: ["Epidiolex (cannabidiol oral solution)"],
        sections: [
          { id: "lgs", title: "Lennox-Gastaut Syndrome", kind: "initial", criteria: "Patient is 1 year of age or older" },
          { id: "cont", title: "Epidiolex", kind: "continuation", diagnosis: { names: [], icd10_prefixes: [] }, criteria: "Member is experiencing benefit from therapy" },
        ],
      }),
    );
    const selection = selectIndication(wide, facts(), { requested: epidiolex, claims: [fill("R1", "2024-09-01", "Epidiolex 100 mg/mL")] });
    expect(selection).toMatchObject({ phase: "continuation", chosen: { id: "cont" } });
    expect(selection.candidates[0].matchedBy).toMatch(/G40\.81.*continuation criteria apply to every indication/);
  });

  it("says so when no indication matches", () => {
    const other = facts({ diagnoses: [{ ...facts().diagnoses[0], icd10: ["J45.50"], name: "Severe persistent asthma" }] });
    const result = evaluatePolicy({ policy, facts: other, documents: [], claims: [], testClaim: null, asOf: "2024-11-15" });
    expect(result.section).toBeNull();
    expect(result.steps).toEqual([expect.objectContaining({ criterionId: "indication", outcome: "not_met", passed: false })]);
  });
});
