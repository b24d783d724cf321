import { describe, expect, it } from "vitest";
import type { IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import type { CaseContext } from "../case-context";
import { answerLabeledDose } from "./answer-labeled-dose";

const med = (over: Partial<IntakeMedicationRequest> = {}): IntakeMedicationRequest => ({
  name: "AZSTARYS (serdexmethylphenidate/dexmethylphenidate)", ndc: null, otherCodings: [], strength: "26.1 mg/5.2 mg", doseValue: null, doseUnit: null, route: "oral",
  directions: "Take 1 capsule by mouth every morning", quantity: 30, quantityUnit: "capsules", daysSupply: 30, refills: 0, dosageForm: "capsule", reasons: [],
  evidence: [{ documentId: "form", page: 1, start: 0, end: 10, quote: "Qty 30 / 30 days" }], ...over,
});
const facts = (birthDate: string | null, icd10: string[] = ["F90.2"]): IntakeFacts => ({
  patient: birthDate ? ({ birthDate, evidence: [] } as unknown as IntakeFacts["patient"]) : null,
  practitioners: [], diagnoses: icd10.map((c) => ({ icd10: [c], name: null, otherCodings: [], clinicalStatus: "active", verificationStatus: "confirmed", onsetDate: null, notes: [], evidence: [] })),
  medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [],
});
const ctx = (request: IntakeMedicationRequest | null, birthDate: string | null = "2016-05-09", icd10?: string[]): CaseContext => ({ facts: facts(birthDate, icd10), documents: [], claims: [], testClaim: null, asOf: "2025-10-06", requested: request, coveredDrugs: [] });

// [name, request (null: none), birth date, ICD-10 codes, outcome, text the answer or reason holds]
const rows: [string, Partial<IntakeMedicationRequest> | null, string | null, string[] | undefined, string, RegExp][] = [
  ["Azstarys 26.1 mg once daily at 9 years (52.3 mg labeled)", {}, "2016-05-09", undefined, "met", /26\.1 mg a day.*Within the FDA-labeled maximum: 52\.3 mg a day \(Azstarys label 2\.2/s],
  ["Azstarys 2 capsules a day of 39.2 mg (78.4 mg)", { strength: "39.2 mg/7.8 mg", quantity: 60, directions: "Take 2 capsules every morning" }, "2016-05-09", undefined, "not_met", /78\.4 mg a day.*Above the FDA-labeled maximum: 52\.3 mg/s],
  ["quantity and directions disagree: both shown, a person decides", { quantity: 60 }, "2016-05-09", undefined, "manual", /two different daily doses.*52\.2 mg a day.*26\.1 mg a day/s],
  ["directions alone (no quantity)", { quantity: null }, "2016-05-09", undefined, "met", /"Take 1 capsule by mouth every morning": 1 x 26\.1 mg/],
  ["supply alone (directions 'as directed')", { directions: "Take as directed" }, "2016-05-09", undefined, "met", /26\.1 mg\/5\.2 mg x 30 capsules \/ 30 days = 26\.1 mg a day/],
  ["neither computable", { quantity: null, directions: "Use as directed" }, "2016-05-09", undefined, "manual", /cannot be computed.*no quantity and days supply/s],
  ["no strength, only the sig count", { strength: null, name: "Azstarys", quantity: null }, "2016-05-09", undefined, "manual", /cannot be computed.*no strength/s],
  ["no row for the patient's age (4 years)", {}, "2021-05-09", undefined, "manual", /no labeled maximum of .* for a patient of 4 years/],
  ["no birth date: every age row holds", { name: "Mydayis", strength: "37.5 mg", quantityUnit: "capsules" }, null, undefined, "manual", /depends on what the case does not settle.*25 mg a day.*50 mg a day/s],
  ["Mydayis 37.5 mg at 15 (25 mg labeled)", { name: "Mydayis", strength: "37.5 mg" }, "2010-05-01", undefined, "not_met", /Above the FDA-labeled maximum: 25 mg a day/],
  ["a drug without a row", { name: "Epidiolex (cannabidiol)", strength: "100 mg/mL" }, "2016-05-09", undefined, "manual", /no FDA-labeled maximum daily dose for cannabidiol/],
  ["a weight-based maximum without a weight", { name: "Emflaza (deflazacort)", strength: "18 mg", directions: "Take 1 tablet daily", quantityUnit: "tablets" }, "2017-01-01", ["G71.01"], "manual", /weight-based/],
  ["a pen's strength per volume: the dose from the directions", { name: "teriparatide 620 mcg/2.48 mL pen", strength: "620 mcg/2.48 mL", quantity: 1, quantityUnit: "pen", daysSupply: 28, directions: "Inject 20 mcg subcutaneously once daily" }, "1952-01-01", ["M81.0"], "met", /20 mcg a day/],
  ["a pen's strength per volume, no dose in the directions", { name: "teriparatide 620 mcg/2.48 mL pen", strength: "620 mcg/2.48 mL", quantity: 1, quantityUnit: "pen", daysSupply: 28, directions: "Inject once daily" }, "1952-01-01", ["M81.0"], "manual", /per volume/],
  ["evolocumab 140 mg every 2 weeks (420 mg per 28 days)", { name: "Repatha SureClick (evolocumab)", strength: "140 mg/mL", quantity: 2, quantityUnit: "pens", daysSupply: 28, directions: "Inject 140 mg subcutaneously every 2 weeks" }, "1957-01-01", ["I25.10"], "met", /10 mg a day.*420 mg per 28 days/s],
  ["an oral solution in mL", { name: "Dyanavel XR (amphetamine)", strength: "2.5 mg/mL", quantity: 240, quantityUnit: "mL", daysSupply: 30, directions: "Take 8 mL by mouth every morning" }, "2015-01-01", ["F90.2"], "met", /2\.5 mg\/mL x 240 mL \/ 30 days = 20 mg a day/],
  ["no medication request", null, "2016-05-09", undefined, "missing", /no medication request/],
  ["no quote of the request", { evidence: [] }, "2016-05-09", undefined, "manual", /no document quotes it/],
];

describe.each(rows)("FDA-labeled maximum: %s", (_name, request, birthDate, icd10, outcome, pattern) => {
  it(`is ${outcome}`, () => {
    const answer = answerLabeledDose(ctx(request ? med(request) : null, birthDate, icd10));
    expect(`${answer.answer} ${answer.reason}`).toMatch(pattern);
    expect(answer.outcome).toBe(outcome);
  });
});

it("never answers met above the lowest maximum that may hold", () => {
  // Adderall IR 50 mg a day, diagnosis unknown: 40 mg (ADHD) and 60 mg (narcolepsy) both hold.
  const answer = answerLabeledDose(ctx(med({ name: "Adderall", strength: "25 mg", quantityUnit: "tablets", quantity: 60, daysSupply: 30, directions: "Take 1 tablet twice daily", dosageForm: "tablet" }), "1990-01-01", []));
  expect(answer.outcome).toBe("manual");
});
