import { describe, expect, it } from "vitest";
import type { CaseOutcome } from "./evaluate-case";
import { familyFigures, figuresTable } from "./family-figures";

const outcome = (over: Partial<CaseOutcome>): CaseOutcome => ({
  key: "k",
  group: "fixtures/formulary",
  family: "formulary",
  expected: "approved",
  sectionFound: true,
  section: "s",
  steps: { met: 1, notMet: 0, missing: 0, manual: 0 },
  recommended: "approved",
  status: "approved",
  decidingSteps: 1,
  criterionAgrees: true,
  determinationAgrees: true,
  falseApproval: false,
  intake: { dob: { tp: 1, fp: 0, fn: 0 } },
  intakeMismatches: [],
  note: "",
  stepLines: [],
  ...over,
});

describe("familyFigures", () => {
  it("counts shares per group and false approvals, and scores the intake over all cases' fields", () => {
    const figures = familyFigures(
      [
        outcome({ key: "a" }),
        outcome({ key: "b", expected: "denied", sectionFound: false, criterionAgrees: false, determinationAgrees: false, intake: { dob: { tp: 0, fp: 1, fn: 1 } } }),
        outcome({ key: "c", expected: "denied", criterionAgrees: false, determinationAgrees: false, falseApproval: true }),
        outcome({ key: "d", group: "policy-cases/single_drug", family: "single_drug" }),
      ],
      [{ group: "fixtures/formulary", verbatim: 9, total: 10 }],
    );
    expect(figures["fixtures/formulary"]).toEqual({
      cases: 3,
      sections_found: 0.667,
      quotes_verbatim: 0.9,
      criterion_agreement: 0.333,
      determination_agreement: 0.333,
      false_approvals: 1,
      intake_f1: 0.667,
    });
    // No quote read is not a perfect score.
    expect(figures["policy-cases/single_drug"].quotes_verbatim).toBe(0);
    expect(figuresTable(figures)).toContain("fixtures/formulary");
  });
});
