import { describe, expect, it } from "vitest";
import type { CaseClaim } from "@/lib/claims/types";
import type { IntakeDiagnosis, IntakeFacts, PriorTreatment } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerStepTherapy } from "./answer-step-therapy";

const dx = (name: string, code: string): IntakeDiagnosis => ({ icd10: [code], name, otherCodings: [], clinicalStatus: "active", verificationStatus: "confirmed", onsetDate: null, notes: [], evidence: [] });
const facts = (over: Partial<IntakeFacts> = {}): IntakeFacts => ({
  patient: null, practitioners: [], diagnoses: [dx("Type 2 diabetes mellitus with hyperglycemia", "E11.65")], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [], ...over,
});
const ctx = (over: Partial<CaseContext> = {}): CaseContext => ({ facts: facts(), documents: [], claims: [], testClaim: null, asOf: "2025-11-04", requested: null, coveredDrugs: ["Januvia"], ...over });
const fill = (id: string, date: string, drug: string, days_supply?: number, printed = false): CaseClaim => ({
  claim_id: id, date, type: "pharmacy", status: "paid", drug_name: drug, ...(days_supply ? { days_supply } : {}),
  ...(printed ? { source: { documentId: "claims", documentName: "claims.pdf", page: 1, quote: `${date} | ${drug} | 60 | ${days_supply ?? ""} | Paid`, start: 0, end: 10 } } : {}),
});
const trial = (drug: string, quote: string, over: Partial<PriorTreatment> = {}): PriorTreatment => ({
  drug, outcome: "unknown", startDate: null, endDate: null, durationDays: null, evidence: [{ documentId: "note", page: 1, start: 0, end: quote.length, quote }], ...over,
});

const metformin90: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: ["metformin"], drugClasses: [], count: 1, outcomes: ["tried"], withinDays: 90 };
const supply30: CheckOf<"step_therapy"> = { ...metformin90, minSupplyDays: 30 };

// [name, check, context, outcome, answer or reason pattern]
const rows: [string, CheckOf<"step_therapy">, Partial<CaseContext>, string, RegExp][] = [
  ["a fill within the window", metformin90, { claims: [fill("C1", "2025-09-10", "metformin HCl 1000 mg tab", 30, true)] }, "met", /metformin HCl 1000 mg tab .*claims\.pdf p\. 1: fill 2025-09-10, last 55 days before 2025-11-04/],
  ["the last fill 196 days before", metformin90, { claims: [fill("C1", "2025-03-24", "metformin HCl 1000 mg tab", 30, true), fill("C2", "2025-04-22", "metformin HCl 1000 mg tab", 30, true)] }, "not_met",
    /no metformin fill within 90 days before 2025-11-04; last fill 2025-04-22, 196 days before \(claims\.pdf p\. 1/],
  ["the window's last day counts", metformin90, { claims: [fill("C1", "2025-08-06", "metformin", 30)] }, "met", /last 90 days before/],
  ["one day past the window", metformin90, { claims: [fill("C1", "2025-08-05", "metformin", 30)] }, "not_met", /last fill 2025-08-05, 91 days before/],
  ["a fill after the request date", metformin90, { claims: [fill("C1", "2025-11-20", "metformin", 30)] }, "not_met", /fills after the request date: 2025-11-20/],
  ["an unrelated drug in the window", metformin90, { claims: [fill("C1", "2025-10-09", "lisinopril 10 mg tab", 30)] }, "not_met", /no qualifying drug/],
  ["a 30-day supply", supply30, { claims: [fill("C1", "2025-10-01", "metformin", 30)] }, "met", /metformin/],
  ["a 14-day supply", supply30, { claims: [fill("C1", "2025-10-01", "metformin", 14)] }, "not_met", /fills shorter than a 30-day supply: 2025-10-01 14 days/],
  ["a fill without a days supply", supply30, { claims: [fill("C1", "2025-10-01", "metformin")] }, "missing", /days supply/],
  ["a course in the notes that ended in the window", metformin90, { facts: facts({ priorTreatments: [trial("metformin", "metformin 1000 mg BID until 10/2025", { endDate: "2025-10-01" })] }) }, "met", /metformin/],
  ["a course in the notes that ended long ago", metformin90, { facts: facts({ priorTreatments: [trial("metformin", "metformin stopped 2023", { endDate: "2023-06-01" })] }) }, "not_met", /Older than 90 days before 2025-11-04: metformin/],
  ["a course in the notes without dates", metformin90, { facts: facts({ priorTreatments: [trial("metformin", "tried metformin")] }) }, "missing", /date of the trial/],
  ["an undated 'current' mention is no date", metformin90, { facts: facts({ priorTreatments: [trial("metformin", "Current medications: metformin", { outcome: "ongoing" })] }) }, "missing", /date of the trial/],
  ["an undated mention does not outweigh a fill outside the window", metformin90,
    { facts: facts({ priorTreatments: [trial("metformin", "Current medications: metformin", { outcome: "ongoing" })] }), claims: [fill("C1", "2025-04-22", "metformin HCl 1000 mg tab", 30, true)] }, "not_met", /last fill 2025-04-22, 196 days before/],
  ["a named drug counts even when it is also the case's (misread) request", { ...metformin90, excludeRequested: true },
    { coveredDrugs: ["Januvia", "metformin"], claims: [fill("C1", "2025-10-09", "metformin", 30)] }, "met", /metformin/],
];

const note = (text: string): Partial<CaseContext> => ({ documents: [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }] });
const mtx: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: ["methotrexate"], drugClasses: [], count: 1, outcomes: ["failed", "intolerant"] };
const tcs: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: [], drugClasses: ["topical_corticosteroid"], count: 1, outcomes: ["failed"] };
// A note that says the required therapy was never taken: not met on that statement; a trial's outcome or a question is no such statement.
const neverTried: [string, CheckOf<"step_therapy">, Partial<CaseContext>, string, RegExp][] = [
  ["'has never taken' the drug", mtx, note("She has never taken methotrexate."), "not_met", /state no trial of methotrexate: “She has never taken methotrexate\.”/],
  ["'no prior' drug", mtx, note("No prior methotrexate; started on adalimumab by outside rheumatologist."), "not_met", /state no trial/],
  ["a class 'not used'", tcs, note("The patient has not used any topical corticosteroid for the rash."), "not_met", /state no trial/],
  ["'did not tolerate' is a trial, not a denial", mtx, note("Did not tolerate methotrexate because of nausea."), "missing", /no prior treatment|no trial is documented/],
  ["'did not respond to' is a trial", mtx, note("Did not respond to methotrexate after 12 weeks."), "missing", /no trial is documented/],
  ["a possibility is no statement", mtx, note("She may not have taken methotrexate before."), "missing", /no trial is documented/],
  ["nothing said", mtx, note("Follow-up visit, joint pain improving."), "missing", /no trial is documented/],
];

describe.each([...rows, ...neverTried])("step therapy: %s", (_name, check, over, outcome, pattern) => {
  it(`is ${outcome}`, () => {
    const answer = answerStepTherapy(check, ctx(over));
    expect(answer.outcome).toBe(outcome);
    expect(`${answer.answer} ${answer.reason} ${answer.missingInformation ?? ""}`).toMatch(pattern);
  });
});

describe("step therapy cites the dated claim", () => {
  it("a printed row cites its document, page and span; a record its id and the days since", () => {
    const printed = answerStepTherapy(metformin90, ctx({ claims: [fill("C1", "2025-09-10", "metformin", 30, true)] }));
    expect(printed.evidence[0]).toMatchObject({ documentId: "claims", page: 1, claimId: "C1", quote: expect.stringContaining("2025-09-10") });
    const record = answerStepTherapy(metformin90, ctx({ claims: [fill("R1", "2025-09-10", "metformin", 30)] }));
    expect(record.evidence[0]).toMatchObject({ claimId: "R1", quote: "metformin filled 2025-09-10, 55 days before 2025-11-04 (paid, 30-day supply)" });
    const old = answerStepTherapy(metformin90, ctx({ claims: [fill("R1", "2025-04-22", "metformin", 30)] }));
    expect(old.evidence[0]).toMatchObject({ claimId: "R1", quote: expect.stringContaining("196 days before") });
  });
});

describe("a criterion that names no drug or class counts only treatments for the case's disease", () => {
  const secondLine: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: [], drugClasses: [], count: 1, outcomes: ["tried"] };
  const osteosarcoma = facts({ diagnoses: [dx("Osteosarcoma of left femur", "C40.22")] });
  it("paid claims of antiseizure drugs are no prior therapy for osteosarcoma", () => {
    const answer = answerStepTherapy(secondLine, ctx({ facts: osteosarcoma, claims: [fill("K1", "2025-05-01", "levetiracetam 500 mg", 30), fill("K2", "2025-06-01", "Keppra 500 mg", 30)] }), "Used as second-line therapy");
    expect(answer.outcome).toBe("manual");
    expect(answer.evidence).toEqual([]);
    expect(answer.answer).toMatch(/names no drug or class/);
  });
  it("a treatment the notes give for another condition is not counted either", () => {
    const withSeizureDrug = facts({ ...osteosarcoma, priorTreatments: [trial("levetiracetam", "levetiracetam 500 mg BID for seizures since 2019")] });
    expect(answerStepTherapy(secondLine, ctx({ facts: withSeizureDrug })).outcome).toBe("manual");
  });
  it("a treatment the notes state for the disease counts", () => {
    const chemo = facts({ ...osteosarcoma, priorTreatments: [trial("methotrexate", "High-dose methotrexate for osteosarcoma, 6 cycles, progressed", { outcome: "failed" })] });
    expect(answerStepTherapy(secondLine, ctx({ facts: chemo }))).toMatchObject({ outcome: "met" });
  });
  it("a regimen listed under its heading in a note counts; a drug for seizures further down the same note does not", () => {
    const text = ["HPI: 20yo with osteosarcoma of the femur.", "Prior Treatment Timeline", "Neoadjuvant chemotherapy to shrink the tumor:", "- Regimen:", "  - Doxorubicin 75 mg/m2 every 21 days", "", "Other history", "Seen by neurology in 2019.", "No events since.", "Sleeps well.", "Eats well.", "Walks with crutches.", "  - Levetiracetam 500 mg twice daily for seizures"].join("\n");
    const at = (word: string) => text.indexOf(word);
    const onPage = (drug: string): PriorTreatment => ({ ...trial(drug, drug), evidence: [{ documentId: "note", page: 1, start: at(drug), end: at(drug) + drug.length, quote: drug }] });
    const documents = [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }];
    const chemo = answerStepTherapy(secondLine, ctx({ facts: facts({ ...osteosarcoma, priorTreatments: [onPage("Doxorubicin"), onPage("Levetiracetam")] }), documents }));
    expect(chemo.outcome).toBe("met");
    expect(chemo.answer).toMatch(/1 qualifying drug: Doxorubicin/);
    const seizuresOnly = answerStepTherapy(secondLine, ctx({ facts: facts({ ...osteosarcoma, priorTreatments: [onPage("Levetiracetam")] }), documents }));
    expect(seizuresOnly.outcome).toBe("manual");
  });
  it("no history at all asks for it", () => {
    expect(answerStepTherapy(secondLine, ctx({ facts: osteosarcoma }))).toMatchObject({ outcome: "missing" });
  });
});

// The false mets of the issue, each as a row: every part of a trial criterion needs dated evidence (the drug taken,
// for the duration, within the window, with the outcome); a bare name, a short course or old fills are not it.
const ketoconazole: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: ["ketoconazole"], drugClasses: [], count: 1, outcomes: ["failed"], minDurationDays: 30, withinDays: 60 };
const prednisone180: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: ["prednisone"], drugClasses: [], count: 1, outcomes: ["tried"], minDurationDays: 180 };
const twoPpis: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: [], drugClasses: ["ppi"], count: 2, outcomes: ["tried", "failed"], minDurationDays: 30, withinDays: 180, excludeRequested: true };
const ppiAt = (asOf: string, claims: CaseClaim[]): Partial<CaseContext> => ({ asOf, claims, coveredDrugs: ["dexlansoprazole"] });
const falseMets: [string, CheckOf<"step_therapy">, Partial<CaseContext>, string][] = [
  ["a bare drug name in a medication list", ketoconazole, { ...note("Medications reviewed: ketoconazole 200 mg, metformin 500 mg."), asOf: "2025-10-01" }, "missing"],
  ["a bare name in a form's list of drugs", ketoconazole, { ...note("Drugs tried: ketoconazole"), asOf: "2025-10-01" }, "missing"],
  ["a 30-day course that ended 5 months before a 60-day window", ketoconazole,
    { facts: facts({ priorTreatments: [trial("ketoconazole", "ketoconazole 200 mg BID 03/2025-04/2025, no response", { outcome: "inadequate_response", startDate: "2025-03-01", endDate: "2025-04-15" })] }), asOf: "2025-10-01" }, "not_met"],
  ["180 days of prednisone needed, 11 weeks taken", prednisone180, { facts: facts({ priorTreatments: [trial("prednisone", "prednisone 20 mg daily for 11 weeks", { durationDays: 77 })] }) }, "not_met"],
  ["180 days of prednisone needed, a course from 06/2025 to the request (about 20 weeks)", prednisone180,
    { facts: facts({ priorTreatments: [trial("prednisone", "prednisone since 06/2025 (ongoing)", { outcome: "ongoing", startDate: "2025-06-15" })] }) }, "not_met"],
  ["two preferred PPIs needed within 180 days, both filled before the window", twoPpis, ppiAt("2025-10-28", [
    fill("O1", "2024-10-15", "omeprazole 20 mg cap", 30), fill("O2", "2024-11-15", "omeprazole 20 mg cap", 30), fill("O3", "2024-12-16", "omeprazole 20 mg cap", 30),
    fill("P1", "2025-01-21", "pantoprazole 40 mg tab", 30), fill("P2", "2025-02-20", "pantoprazole 40 mg tab", 30), fill("P3", "2025-03-20", "pantoprazole 40 mg tab", 30),
    fill("F1", "2025-06-10", "famotidine 20 mg tab", 30), fill("F2", "2025-09-10", "famotidine 20 mg tab", 30),
  ]), "not_met"],
  ["two preferred PPIs needed, one in the window and one before it", twoPpis, ppiAt("2025-10-28", [fill("O1", "2024-12-16", "omeprazole 20 mg cap", 30), fill("P1", "2025-08-20", "pantoprazole 40 mg tab", 30), fill("P2", "2025-09-20", "pantoprazole 40 mg tab", 30)]), "not_met"],
  ["a preferred agent required, only the requested (non-preferred) drug filled", twoPpis, ppiAt("2025-10-28", [fill("D1", "2025-08-20", "dexlansoprazole DR 60 mg cap", 30), fill("D2", "2025-09-20", "dexlansoprazole DR 60 mg cap", 30)]), "not_met"],
  ["two preferred PPIs in the window, each 30 days or more", twoPpis, ppiAt("2025-10-09", [
    fill("O1", "2025-04-18", "omeprazole 40 mg cap", 30), fill("O2", "2025-05-17", "omeprazole 40 mg cap", 30), fill("O3", "2025-06-16", "omeprazole 40 mg cap", 30),
    fill("P1", "2025-07-14", "pantoprazole 40 mg tab", 30), fill("P2", "2025-08-13", "pantoprazole 40 mg tab", 30),
  ]), "met"],
];

describe.each(falseMets)("met only on proof: %s", (_name, check, over, outcome) => {
  it(`is ${outcome}`, () => expect(answerStepTherapy(check, ctx(over), "Trial and failure of TWO preferred agents").outcome).toBe(outcome));
});
