import { describe, expect, it } from "vitest";
import type { CriteriaNode } from "@/lib/policies/types";
import { readOutcome, readSteps, stepTree } from "./step-logic";

describe.each([
  ["Go to Step 3", { goto: 3 }],
  ["go to question #4", { goto: 4 }],
  ["Proceed to step 2.", { goto: 2 }],
  ["Step 5", { goto: 5 }],
  ["Deny request", "deny"],
  ["Request is denied; does not meet criteria", "deny"],
  ["Approve request for 12 months", "approve"],
  ["Approve for up to 6 months", "approve"],
  ["Refer to the pharmacist", null],
] as const)("the answer's words %s", (text, outcome) => {
  it("lead to the step or end they name", () => expect(readOutcome(text)).toEqual(outcome));
});

const lines = (...texts: string[]) => texts.map((text) => ({ page: 1, text }));
/** A tree as nested [logic, ...] arrays of "<kind>:<text>" leaves, for reading at a glance. */
const shape = (node: CriteriaNode | null): unknown => (node === null ? null : node.kind === "criterion" ? `${node.check.kind}:${node.text}` : [node.logic, ...node.children.map(shape)]);

describe.each([
  [
    "a chain: each step's other answer denies",
    lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 2", "No – Deny request", "Step 2: Does the member have a diagnosis of chronic migraine?", "Yes – Approve request for 12 months", "No – Deny request"),
    ["all", "age:Is the member 18 years of age or older?", "diagnosis:Does the member have a diagnosis of chronic migraine?"],
  ],
  [
    "a deny-if-yes step: its No is the negation, read as the exclusion of the drugs used together",
    lines("Step 1: Does the member have a diagnosis of chronic migraine?", "Yes: Go to Step 2", "No: Deny", "Step 2: Will the drug be used in combination with another CGRP antagonist?", "Yes: Deny request", "No: Approve request"),
    ["all", "diagnosis:Does the member have a diagnosis of chronic migraine?", "concurrent_therapy_exclusion:No: Will the drug be used in combination with another CGRP antagonist?"],
  ],
  [
    "a deny-if-yes step no rule reads as concurrent use: a manual step saying what must not apply",
    lines("Step 1: Does the member have active hepatic disease?", "Yes - Deny request", "No - Approve request"),
    "manual:Must not apply (the document denies on \"Yes\"): Does the member have active hepatic disease?",
  ],
  [
    "two ways to approval: ANY of the paths",
    lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 3", "No – Go to Step 2", "Step 2: Is the drug prescribed by a pediatric neurologist?", "Yes – Go to Step 3", "No – Deny request", "Step 3: Does the member have a diagnosis of epilepsy?", "Yes – Approve request", "No – Deny request"),
    ["any", ["all", "age:Is the member 18 years of age or older?", "diagnosis:Does the member have a diagnosis of epilepsy?"], ["all", "manual:Must not apply (the document denies on \"Yes\"): Is the member 18 years of age or older?", "prescriber_specialty:Is the drug prescribed by a pediatric neurologist?", "diagnosis:Does the member have a diagnosis of epilepsy?"]],
  ],
] as const)("%s", (_, text, tree) => {
  it("is read as the criteria tree of the ways to approval", () => {
    const steps = readSteps(text);
    expect(steps).not.toBeNull();
    expect(shape(stepTree(steps!, "s"))).toEqual(tree);
  });
});

describe.each([
  ["an answer no rule reads", lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 2", "No – Refer to the pharmacist", "Step 2: Diagnosis of asthma?", "Yes – Approve", "No – Deny")],
  ["a step with one answer", lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 2", "Step 2: Diagnosis of asthma?", "Yes – Approve", "No – Deny")],
])("steps with %s", (_, text) => {
  it("are not read (the caller keeps them as manual steps)", () => expect(readSteps(text)).toBeNull());
});

describe.each([
  ["a step that is not printed", lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 4", "No – Deny", "Step 2: Diagnosis of asthma?", "Yes – Approve", "No – Deny")],
  ["a loop", lines("Step 1: Is the member 18 years of age or older?", "Yes – Go to Step 2", "No – Deny", "Step 2: Diagnosis of asthma?", "Yes – Go to Step 1", "No – Deny")],
  ["no way to approval", lines("Step 1: Is the member 18 years of age or older?", "Yes – Deny", "No – Deny", "Step 2: Diagnosis of asthma?", "Yes – Approve", "No – Deny")],
])("steps with %s", (_, text) => {
  it("give no tree", () => expect(stepTree(readSteps(text)!, "s")).toBeNull());
});

describe("a clinical-edit document of numbered Yes/No steps", () => {
  it("is parsed as one section whose criteria are the steps' tree, quoted from the page", async () => {
    const { parsePolicy } = await import("@/lib/policies/parse-policy");
    const text = [
      "Clinical Edit: Examplix (examplimab)",
      "Step 1: Is the member 18 years of age or older?",
      "Yes – Go to Step 2",
      "No – Deny request",
      "Step 2: Will the drug be used in combination with another CGRP antagonist?",
      "Yes – Deny request",
      "No – Approve request for 12 months",
    ].join("\n");
    const policy = parsePolicy([{ page: 1, text }]);
    expect(policy.sections.map((s) => shape(s.criteria))).toEqual([["all", "age:Is the member 18 years of age or older?", "concurrent_therapy_exclusion:No: Will the drug be used in combination with another CGRP antagonist?"]]);
    expect(policy.sections[0].criteria.kind === "group" && policy.sections[0].criteria.children.map((c) => c.quote?.text)).toEqual([
      "Step 1: Is the member 18 years of age or older?",
      "Step 2: Will the drug be used in combination with another CGRP antagonist?",
    ]);
  });
});
