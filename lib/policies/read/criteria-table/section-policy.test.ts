import { describe, expect, it } from "vitest";
import { criteriaOf } from "../fixtures/figures";
import { durationsOf, sectionPolicy, splitPhases } from "./section-policy";

const seg = (text: string) => ({ page: 1, text });

describe.each([
  [["Diagnosis of asthma", "Initial: IgE of at least 30 IU/mL", "Renewal: positive response"], ["Diagnosis of asthma"], ["IgE of at least 30 IU/mL"], ["positive response"]],
  [["Rheumatoid Arthritis (RA) (Initial): Diagnosis of RA.", "RA (Reauth): Documentation of response."], [], ["Diagnosis of RA."], ["Documentation of response."]],
  [["Initial Authorization - trial of metformin", "Reauthorization: A1c reduced"], [], ["trial of metformin"], ["A1c reduced"]],
  [["Diagnosis of psoriasis. Prescribed by a dermatologist."], ["Diagnosis of psoriasis. Prescribed by a dermatologist."], [], []],
  [["Initially diagnosed by a specialist"], ["Initially diagnosed by a specialist"], [], []],
  // a renewal label after a sentence inside a line (prose fields of criteria books)
  [["Initial: diagnosis of MS. Reauthorization: walking has improved."], [], ["diagnosis of MS."], ["walking has improved."]],
  [["Initial: LDL-C above 70 mg/dL (on a statin). Renewal: LDL-C has fallen"], [], ["LDL-C above 70 mg/dL (on a statin)."], ["LDL-C has fallen"]],
  [["Initial: diagnosis of MS. Renewal is not described here."], [], ["diagnosis of MS. Renewal is not described here."], []],
] as const)("phases of %j", (lines, common, initial, continuation) => {
  it("split at the phase headings, the headings left out", () => {
    const parts = splitPhases(lines.map(seg));
    expect(parts.common.map((s) => s.text)).toEqual(common);
    expect(parts.initial.map((s) => s.text)).toEqual(initial);
    expect(parts.continuation.map((s) => s.text)).toEqual(continuation);
  });
});

describe.each([
  ["12 months", "12 months", "12 months"],
  ["Plan Year", "Plan Year", "Plan Year"],
  ["Initial: 6 months. Renewal: 12 months.", "6 months", "12 months"],
  ["RA (initial, reauth): plan year", "plan year", "plan year"],
  ["6 months initial; 12 months renewal", "6 months", "12 months"],
  ["N/A", null, null],
] as const)("coverage duration %s", (text, initial, continuation) => {
  it("gives the initial and the renewal duration", () => expect(durationsOf(text)).toEqual({ initial, continuation }));
});

/** The initial section's criteria tree of one criteria cell (page 1 holds the text). */
function cellTree(lines: string[]) {
  const pages = [{ page: 1, text: `Examplix\n${lines.join("\n")}` }];
  const policy = sectionPolicy({
    id: "row-1", label: "Examplix", labelPage: 1, drugNames: ["Examplix"], pages, payer: null, effectiveDate: null, preferred: ["omeprazole", "pantoprazole"],
    fields: [{ field: "criteria-table.criteria", role: "criteria", segments: lines.map((text) => ({ page: 1, text })) }],
  });
  return policy.sections[0].criteria;
}

describe("sentences that spare some members a requirement", () => {
  it("a trial exception is the trial's alternative (ANY), for a clinician, never a requirement of every member", () => {
    const tree = cellTree(["Diagnosis of GERD.", "Trial and failure of TWO preferred agents within the past 180 days.", "ODT forms: member is younger than 12 years of age (no trial required)."]);
    expect(tree.kind === "group" && tree.children.map((c) => (c.kind === "group" ? c.logic : c.check.kind))).toEqual(["diagnosis", "any"]);
    const any = tree.kind === "group" ? tree.children[1] : null;
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? [c.check.kind, c.rule] : null))).toEqual([
      ["step_therapy", "criteria-table.criteria/field.step-preferred"],
      ["manual", "criteria-table.criteria/field.trial-exception"],
    ]);
  });

  it("a requirement for younger members is the age criterion's alternative (ANY)", () => {
    const tree = cellTree(["Member is 6 years of age or older.", "For a member younger than 6 years, the drug must be prescribed by a pediatric neurologist."]);
    const any = tree.kind === "group" ? [tree, ...tree.children].find((c) => c.kind === "group" && c.logic === "any") : undefined;
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? c.check.kind : c.kind))).toEqual(["age", "prescriber_specialty"]);
    expect(criteriaOf(tree).map((c) => c.check.kind)).toEqual(["age", "prescriber_specialty"]);
  });
});
