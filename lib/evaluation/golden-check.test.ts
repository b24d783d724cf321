import { describe, expect, it } from "vitest";
import { goldenProblems } from "./golden-check";

describe("goldenProblems", () => {
  const golden = { cases: 4, sections_found: 0.5, criterion_agreement: 0.5, false_approvals: 0, false_met: 0, seconds: 20 };
  it.each<[string, Record<string, number>, string[]]>([
    ["equal", {}, []],
    ["a share drops", { criterion_agreement: 0.25 }, ["e2e g criterion_agreement: 0.25, golden 0.5"]],
    ["a false approval appears", { false_approvals: 1 }, ["e2e g false_approvals: 1, golden 0"]],
    ["a false met appears", { false_met: 1 }, ["e2e g false_met: 1, golden 0"]],
    ["a share rises", { sections_found: 0.75 }, []],
    ["information figures differ", { cases: 5, seconds: 90 }, []],
    ["a figure is no longer measured", { sections_found: undefined as unknown as number }, ["e2e g sections_found: not measured, golden 0.5"]],
  ])("%s", (_, change, problems) => {
    const now = Object.fromEntries(Object.entries({ ...golden, ...change }).filter(([, v]) => v !== undefined));
    expect(goldenProblems({ label: "e2e", now: { g: now }, golden: { g: golden } })).toEqual(problems);
  });

  it("reports a golden group that was not evaluated; a new group is a problem only where the groups are fixed", () => {
    expect(goldenProblems({ label: "e2e", now: { h: golden }, golden: { g: golden } })).toEqual(["e2e g: not evaluated (golden has it)"]);
    expect(goldenProblems({ label: "e2e", now: { h: golden }, golden: { g: golden }, unrecordedIsProblem: true })).toEqual(["e2e g: not evaluated (golden has it)", "e2e h"]);
  });
});
