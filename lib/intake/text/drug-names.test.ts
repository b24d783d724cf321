import { describe, expect, it } from "vitest";
import { findDrugMentions, hasDrugStem } from "./drug-names";

// word | looks like a nonproprietary drug name (a stem of lib/lexicon/data/word-lists.json, not one of its ordinary words)
const STEM_ROWS: [string, boolean][] = [
  ["everolimus", true],
  ["lamotrigine", true],
  ["adalimumab", true],
  ["disease", false],
  ["cholesterol", false],
  ["hormone", false],
  ["mab", false],
];

describe.each(STEM_ROWS)("hasDrugStem(%s)", (word, stem) => {
  it(`is ${stem}`, () => expect(hasDrugStem(word)).toBe(stem));
});

// text | drugs found (words of the stop list never are)
const MENTION_ROWS: [string, string[]][] = [
  ["Started Epidiolex 100 mg/mL after failure of clobazam 10 mg.", ["Epidiolex", "clobazam"]],
  ["Initiate therapy with daily tablets 2 mg.", []],
  ["Tried lamotrigine and topiramate.", ["lamotrigine", "topiramate"]],
];

describe.each(MENTION_ROWS)("findDrugMentions(%s)", (text, names) => {
  it(`finds ${names.join(", ") || "none"}`, () => expect(findDrugMentions(text).map((m) => m.name)).toEqual(names));
});
