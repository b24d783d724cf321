import { describe, expect, it } from "vitest";
import { MATCH_OVERLAP, distinctSentences, matchSentences, normalisedWords, wordOverlap } from "./sentence-match";

const overlap = (a: string, b: string) => wordOverlap(normalisedWords(a), normalisedWords(b));
const PUBLISHED = "Must have had an inadequate clinical response or contraindication to a tricyclic antidepressant (TCA) or a selective serotonin reuptake inhibitor (SSRI)";

// published sentence | read sentence | matches
const PAIRS: [string, string, boolean][] = [
  ["Must provide documentation of patient’s weight", "Must provide documentation of patient's weight", true],
  ["Nuedexta® (dextromethorphan)", "Nuedexta (dextromethorphan)", true],
  ["(A) Member is 6 years of age or older.", "Member is 6 years of age or older", true],
  // The same sentence cut at a line break: most of its words.
  [PUBLISHED, "Must have had an inadequate clinical response or contraindication to a tricyclic antidepressant (TCA) or a selective serotonin", true],
  // Half of it is not the sentence.
  [PUBLISHED, "Must have had an inadequate clinical response or contraindication to a tricyclic", false],
  // Two sentences read as one match neither.
  ["Must be prescribed by or in consultation with an endocrinologist", "Must be prescribed by or in consultation with an endocrinologist Must have documented hyperglycemia secondary to hypercortisolism", false],
  // A lost hyphen is a reading error the figure shows: two words against one.
  ["Study-Lability Scale score", "StudyLability Scale score", false],
];

describe("sentence matching by normalised words", () => {
  it.each(PAIRS)("%s ~ %s: %s", (published, read, expected) => {
    expect(overlap(published, read) >= MATCH_OVERLAP).toBe(expected);
  });

  it("matches one to one, best overlap first, and reports what is left", () => {
    const published = ["Member is 6 years of age or older.", "Daily dose may not exceed the FDA-labeled maximum."];
    const read = ["Member is 6 years of age or older", "Member is 6 years of age", "Initial authorizations will be for 30 days"];
    const m = matchSentences(published, read, (s) => s, (s) => s);
    expect(m.pairs.map((p) => [p.published, p.read])).toEqual([["Member is 6 years of age or older.", "Member is 6 years of age or older"]]);
    expect(m.unmatchedPublished).toEqual(["Daily dose may not exceed the FDA-labeled maximum."]);
    expect(m.unmatchedRead).toEqual(["Member is 6 years of age", "Initial authorizations will be for 30 days"]);
  });

  it("counts a sentence repeated in two sections once", () => {
    expect(distinctSentences(["Prescribed by a cardiologist.", "prescribed by a cardiologist", "Other"], (s) => s)).toEqual(["Prescribed by a cardiologist.", "Other"]);
  });
});
