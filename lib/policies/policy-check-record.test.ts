import { describe, expect, it } from "vitest";
import { UnreadableRecord } from "@/lib/stored-record";
import { policyFromPayload } from "./policy-payload";
import { readGivenPolicySnapshot, readPolicyCheckRecord } from "./policy-check-record";

// The columns as lib/policies/run-policy-check.ts evaluateAndStore writes them.
const step = {
  step: 1, question_or_action: "Is the patient 2 years of age or older?", answer: "Yes: born 2015-04-02", passed: true, reason: "Date of birth on the form",
  policy_guideline_quoted_source: "Age 2 years or older", outcome: "met", criterion_id: "lgs.1", policy_quote: { page: 1, text: "Age 2 years or older", recognised: true, confidence: 91 },
  rule: "age.years-or-older", evidence: [{ document_id: "d1", page: 1, start: 10, end: 20, quote: "DOB 04/02/2015" }, { quote: "claim C1", claim_id: "C1" }],
};
const missing = { ...step, step: 2, passed: false, outcome: "missing", criterion_id: "lgs.2", policy_quote: null, evidence: [], missing_information: "Chart notes on seizures", unmet_alternative: true };
const summary = {
  policy: { id: "8b0e4a4e-3f57-4b6e-9a53-3f0f0d1f6a01", version: 2, title: "Cannabidiol", source: "library", section: "Lennox-Gastaut syndrome (initial)" },
  rollup: { overall: "missing", failed_steps: [], missing_steps: [2] },
};
const row = (over: Record<string, unknown> = {}) => JSON.parse(JSON.stringify({ id: "pc1", steps: [step, missing], summary, ...over }));

describe("a stored policy check", () => {
  it("a check as stored today reads back as stored", () => {
    const stored = row();
    expect(readPolicyCheckRecord(stored)).toEqual({ steps: stored.steps, summary: stored.summary });
  });

  it("a check stored before rules, not-needed and unmet-alternative marks existed reads as it is; unnamed keys are kept", () => {
    const { rule: _, ...older } = step;
    void _;
    expect(readPolicyCheckRecord(row({ steps: [{ ...older, checked_by: "engine" }] })).steps[0]).toMatchObject({ criterion_id: "lgs.1", checked_by: "engine" });
  });

  it("a check of another shape is reported, naming the step", () => {
    expect(() => readPolicyCheckRecord(row({ steps: [{ ...step, outcome: "passed" }] }))).toThrow(UnreadableRecord);
    expect(() => readPolicyCheckRecord(row({ summary: { overall: "met" } }))).toThrow(/^Policy check pc1 cannot be read: it was written by an older engine \(summary\.policy: .*run the policy check again\.$/);
  });

  it("the policy given with a check reads back whole; a snapshot of another shape is reported", () => {
    const given = policyFromPayload(JSON.stringify({ title: "Given", sections: [{ title: "All", criteria: { all: ["Age 2 years or older"] } }] }));
    expect(readGivenPolicySnapshot({ id: "pc1", policySnapshot: JSON.parse(JSON.stringify(given)) })).toEqual(JSON.parse(JSON.stringify(given)));
    expect(() => readGivenPolicySnapshot({ id: "pc1", policySnapshot: { policy_version_id: "v1" } })).toThrow(UnreadableRecord);
  });
});
