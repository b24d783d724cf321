import { describe, expect, it } from "vitest";
import { inadequateResponseProcedures, statesInadequateOutcome } from "./procedure-response";

describe("inadequateResponseProcedures: the procedures a criterion asks an inadequate response to", () => {
  it.each([
    ["Must not have had an adequate clinical response to surgery, radiation, bromocriptine mesylate", ["surgery", "radiation"]],
    ["Inadequate response to surgical resection", ["surgery"]],
    ["Persistent disease after surgery or radiotherapy", ["surgery", "radiation"]],
    ["Patient did not respond to stereotactic radiosurgery", ["radiation"]],
    ["Failure of prior surgery", ["surgery"]],
    // Not a response: another alternative, or a drug trial.
    ["surgical resection is not an option", []],
    ["Inadequate response to at least 30 days of ketoconazole", []],
    ["Prescribed by a surgeon", []],
  ])("%s", (criterion, ids) => {
    expect(inadequateResponseProcedures(criterion).map((p) => p.id)).toEqual(ids);
  });

  it.each([
    // sentence, names the surgery, states an inadequate outcome
    ["Persistent acromegaly after surgery (E22.0), IGF-1 2.3x ULN.", true, true],
    ["Transsphenoidal adenectomy | 11/12/2024 | Persistent GH/IGF-1 elevation; residual in R cavernous sinus", true, true],
    ["Post-op IGF-1 remains elevated at every check.", true, true],
    ["Resection was not curative.", true, true],
    ["He underwent endoscopic transsphenoidal adenectomy on 11/12/2024.", true, false],
    ["Surgery achieved biochemical remission.", true, false],
    ["Persistent headaches.", false, true],
  ])("%s", (sentence, names, inadequate) => {
    const [surgery] = inadequateResponseProcedures("inadequate response to surgery");
    expect([surgery.evidence.test(sentence), statesInadequateOutcome(sentence)]).toEqual([names, inadequate]);
  });
});
