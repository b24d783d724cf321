import { describe, expect, it } from "vitest";
import type { Check, CriterionNode, ParsedPolicy } from "../types";
import { diffCriteria } from "./diff-criteria";
import { applyCriteriaEdits } from "./apply-criteria-edits";

const quote = { page: 1, text: "" };
const leaf = (id: string, text: string, check: Check): CriterionNode => ({ kind: "criterion", id, text, quote, check });

function policy(criteria: CriterionNode[], limits: CriterionNode[] = []): ParsedPolicy {
  return {
    title: "Example", payer: null, effectiveDate: null, drugNames: [], suggestedCodes: { ndc: [], cpt: [], hcpcs: [] }, limits,
    sections: [{ id: "s1", title: "Plaque psoriasis", kind: "initial", diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: null,
      criteria: { kind: "group", id: "g", logic: "all", text: null, quote: null, children: criteria } }],
  };
}

const AGE = leaf("c1", "Patient is 18 years or older", { kind: "age", min: 18 });
const DX = leaf("c2", "Diagnosis of plaque psoriasis", { kind: "diagnosis", names: ["plaque psoriasis"], icd10Prefixes: ["L40.0"] });
const QL = leaf("q1", "2 pens per 28 days", { kind: "quantity_limit", value: 2, unit: "pens", perDays: 28 });

describe("diffCriteria", () => {
  it.each([
    ["no change", policy([AGE, DX]), policy([AGE, DX]), []],
    ["key order alone is no change", policy([AGE]), policy([leaf("c1", AGE.text, { min: 18, kind: "age" } as Check)]), []],
    ["a changed bound", policy([AGE, DX]), policy([leaf("c1", AGE.text, { kind: "age", min: 12 }), DX]), [["changed", "c1"]]],
    ["a changed text", policy([AGE]), policy([leaf("c1", "Adults", AGE.check)]), [["changed", "c1"]]],
    ["an added criterion", policy([AGE]), policy([AGE, DX]), [["added", "c2"]]],
    ["a removed criterion", policy([AGE, DX]), policy([DX]), [["removed", "c1"]]],
    ["a changed limit", policy([AGE], [QL]), policy([AGE], [leaf("q1", QL.text, { kind: "quantity_limit", value: 4, unit: "pens", perDays: 28 })]), [["changed", "q1"]]],
  ] as const)("%s", (_name, before, after, expected) => {
    expect(diffCriteria(before, after).map((c) => [c.change, c.criterion_id])).toEqual(expected);
  });

  it("gives the check before and after", () => {
    const [change] = diffCriteria(policy([AGE]), policy([leaf("c1", AGE.text, { kind: "age", min: 12 })]));
    expect(change).toMatchObject({ section: "Plaque psoriasis", check_before: { kind: "age", min: 18 }, check_after: { kind: "age", min: 12 } });
  });
});

describe("applyCriteriaEdits", () => {
  it("edits a copy: the original stays as it was", () => {
    const original = policy([AGE, DX]);
    const edited = applyCriteriaEdits(original, [{ criterion_id: "c1", check: { kind: "age", min: 21 } }, { criterion_id: "c2", manual: true }]);
    expect(diffCriteria(original, edited).map((c) => [c.criterion_id, c.check_after?.kind])).toEqual([["c1", "age"], ["c2", "manual"]]);
    expect((original.sections[0].criteria as { children: CriterionNode[] }).children[0].check).toEqual({ kind: "age", min: 18 });
    // The edited checks no longer name a reading rule; a text-only edit keeps the rule that read the check.
    expect((edited.sections[0].criteria as { children: CriterionNode[] }).children.map((c) => c.rule)).toEqual(["edited.by-admin", "edited.by-admin"]);
    const retexted = applyCriteriaEdits(policy([{ ...AGE, rule: "age.bounds" }]), [{ criterion_id: "c1", text: "Age 18+" }]);
    expect((retexted.sections[0].criteria as { children: CriterionNode[] }).children[0].rule).toBe("age.bounds");
  });

  it("refuses an unknown criterion, naming the edit", () => {
    expect(() => applyCriteriaEdits(policy([AGE]), [{ criterion_id: "c1", text: "x" }, { criterion_id: "zz", text: "y" }])).toThrow("criteria_edits[1].criterion_id: no criterion zz");
  });
});
