import { describe, expect, it } from "vitest";
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerStepTherapy } from "./answer-step-therapy";

const facts: IntakeFacts = { patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [] };
const note = (text: string): CaseContext => ({
  facts, documents: [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }], claims: [], testClaim: null, asOf: "2025-11-04", requested: null, coveredDrugs: [],
});
const triedMethotrexate: CheckOf<"step_therapy"> = { kind: "step_therapy", drugs: ["methotrexate"], drugClasses: [], count: 1, outcomes: ["tried"] };

// A drug named in the notes counts as a trial only when the mention is asserted: not negated, not only planned or
// hypothetical (the one context engine decides, of that mention).
const ROWS: [string, boolean][] = [
  ["Patient tried methotrexate 15 mg weekly for 4 months.", true],
  ["Initiated methotrexate therapy in 2021, stopped for nausea.", true],
  ["Patient has not tried methotrexate therapy.", false],
  ["She never received methotrexate therapy.", false],
  ["Plan to start methotrexate therapy next month.", false],
  ["Will initiate methotrexate therapy after the hepatitis panel.", false],
  ["Recommend a trial of methotrexate.", false],
  ["If the rash persists, methotrexate therapy may follow.", false],
  ["Failed hydroxychloroquine; plan to start methotrexate therapy.", false],
];

describe.each(ROWS)("%s", (text, counts) => {
  it(counts ? "counts as a trial" : "is no trial", () => {
    const answer = answerStepTherapy(triedMethotrexate, note(text));
    expect(answer.outcome === "met").toBe(counts);
  });
});

// What was considered, declined or never started is no trial.
const NOT_TAKEN: string[] = [
  "Methotrexate therapy was considered but not started because of liver disease.",
  "She declined methotrexate therapy.",
  "Methotrexate therapy was prescribed but never started.",
  "Discussed methotrexate therapy; patient does not want to take it.",
];

describe.each(NOT_TAKEN)("%s", (text) => {
  it("is no trial", () => expect(answerStepTherapy(triedMethotrexate, note(text)).outcome).not.toBe("met"));
});
