import { describe, expect, it } from "vitest";
import { durationsOf, splitPhases } from "./section-policy";

const seg = (text: string) => ({ page: 1, text });

describe.each([
  [["Diagnosis of asthma", "Initial: IgE of at least 30 IU/mL", "Renewal: positive response"], ["Diagnosis of asthma"], ["IgE of at least 30 IU/mL"], ["positive response"]],
  [["Rheumatoid Arthritis (RA) (Initial): Diagnosis of RA.", "RA (Reauth): Documentation of response."], [], ["Diagnosis of RA."], ["Documentation of response."]],
  [["Initial Authorization - trial of metformin", "Reauthorization: A1c reduced"], [], ["trial of metformin"], ["A1c reduced"]],
  [["Diagnosis of psoriasis. Prescribed by a dermatologist."], ["Diagnosis of psoriasis. Prescribed by a dermatologist."], [], []],
  [["Initially diagnosed by a specialist"], ["Initially diagnosed by a specialist"], [], []],
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
