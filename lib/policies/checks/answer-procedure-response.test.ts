import { describe, expect, it } from "vitest";
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerProcedureResponse } from "./answer-procedure-response";

const facts: IntakeFacts = { patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [] };
const note = (text: string): CaseContext => ({
  facts, documents: [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }], claims: [], testClaim: null, asOf: "2025-10-08", requested: null, coveredDrugs: ["octreotide"],
});
const check: CheckOf<"documentation"> = { kind: "documentation", what: "Must not have had an adequate clinical response to surgery, radiation, bromocriptine mesylate", terms: ["surgery", "radiation"] };

// note | outcome: met only on a stated inadequate outcome of a dated procedure.
const ROWS: [string, string][] = [
  ["He underwent transsphenoidal adenectomy on 11/12/2024. Persistent acromegaly after surgery, IGF-1 2.3x ULN.", "met"],
  ["Transsphenoidal adenectomy | 11/12/2024 | Persistent GH/IGF-1 elevation; residual in R cavernous sinus", "met"],
  ["Resection 03/2023 was not curative.", "met"],
  ["Gamma knife radiosurgery 2022; IGF-1 remains elevated after radiation (06/2024).", "met"],
  // Not dated: the procedure may be a plan or hearsay.
  ["Persistent acromegaly after surgery.", "missing"],
  // Outcome good, or not stated.
  ["Adenectomy on 11/12/2024 achieved biochemical remission.", "missing"],
  ["He underwent transsphenoidal adenectomy on 11/12/2024.", "missing"],
  // Planned or discussed, never done.
  ["Surgery is planned for 12/2025 given persistent disease.", "missing"],
  ["Radiation has been discussed and is being considered for persistent disease.", "missing"],
  // A form's question is no statement.
  ["Inadequate response to surgery, radiation, or bromocriptine, OR surgery not an option?", "missing"],
];

describe.each(ROWS)("%s", (text, outcome) => {
  it(`is ${outcome}`, () => expect(answerProcedureResponse(check, note(text))?.outcome).toBe(outcome));
});

describe("answerProcedureResponse", () => {
  it("answers only criteria about a response to a procedure", () => {
    expect(answerProcedureResponse({ kind: "documentation", what: "surgical resection is not an option", terms: ["surgical resection"] }, note("Surgery 2024; persistent disease."))).toBeNull();
  });
});
