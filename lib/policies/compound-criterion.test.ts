import { describe, expect, it } from "vitest";
import { classifyCriterion } from "./classify-criterion";
import { compoundParts } from "./compound-criterion";
import { parsePolicy } from "./parse-policy";
import type { CriteriaNode } from "./types";
import { isVerbatim } from "./verbatim-quote";

describe("compoundParts: a finding and a trial joined by 'and'", () => {
  it("splits the finding from the trial, each classified on its own", () => {
    const text = "HER2-positive (HER2+) disease and intolerant or refractory to at least one anti-HER2 agent (i.e., Herceptin®, Perjeta®)";
    const parts = compoundParts(text, classifyCriterion(text));
    expect(parts?.map((p) => p.text)).toEqual(["HER2-positive (HER2+) disease", "intolerant or refractory to at least one anti-HER2 agent (i.e., Herceptin®, Perjeta®)"]);
    expect(parts?.[1].check.kind).toBe("step_therapy");
    // Each part names the classifier's rule that read it.
    expect(parts?.[1].rule).toBe("step.tried-failed");
    expect(["diagnosis", "documentation"]).toContain(parts?.[0].check.kind);
  });

  it("leaves a plain trial and a trial list alone", () => {
    const plain = "Patient has tried and failed at least two antiseizure medications";
    expect(compoundParts(plain, classifyCriterion(plain))).toBeNull();
    const both = "Failure of methotrexate and intolerance to leflunomide";
    expect(compoundParts(both, classifyCriterion(both))).toBeNull();
  });
});

// A Centene / Envolve layout: "(i and ii)" over a negative and a positive form of one marker (a slip for "or"), the
// positive one with a trial that follows it.
const PAGES = [
  [
    "Clinical Policy: Examplumab (Examplix)",
    "Policy/Criteria",
    "It is the policy of health plans affiliated with Centene Corporation® that Examplix is medically",
    "necessary when the following criteria are met:",
    "I. | Initial Approval Criteria",
    "A. Breast Cancer (must meet all):",
    "1. Diagnosis of metastatic breast cancer;",
    "2. Prescribed by or in consultation with an oncologist;",
    "3. Recurrent disease (i and ii):",
    "i. | HER2-negative (HER2-) disease;",
    "ii. HER2-positive (HER2+) disease and intolerant or refractory to at least one anti-HER2",
    "agent (i.e., Herceptin®, Perjeta®);",
    "Approval duration: 6 months",
    "Page 1 of 1",
  ],
];
const pages = PAGES.map((lines, i) => ({ page: i + 1, text: lines.join("\n") }));
const find = (node: CriteriaNode, id: string): CriteriaNode | null => (node.id === id ? node : node.kind === "group" ? node.children.map((c) => find(c, id)).find(Boolean) ?? null : null);
const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));

describe("parsePolicy: compound criteria and opposite alternatives", () => {
  const root = parsePolicy(pages).sections[0].criteria;

  it("checks both the finding and the trial of a compound item (ALL)", () => {
    expect(find(root, "I.A.3.ii")).toMatchObject({ kind: "group", logic: "all" });
    expect(find(root, "I.A.3.ii.1")).toMatchObject({ text: "HER2-positive (HER2+) disease" });
    expect(find(root, "I.A.3.ii.2")).toMatchObject({ text: expect.stringMatching(/^intolerant or refractory/), check: { kind: "step_therapy" } });
  });

  it("reads a negative and a positive form of one marker as alternatives, whatever the parenthesis says", () => {
    expect(find(root, "I.A.3")).toMatchObject({ kind: "group", logic: "any" });
  });

  it("quotes every part verbatim", () => {
    for (const c of leaves(root)) expect(isVerbatim(pages, c.quote), c.quote.text).toBe(true);
  });
});
