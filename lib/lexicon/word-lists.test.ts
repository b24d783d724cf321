import { describe, expect, it } from "vitest";
import data from "./data/word-lists.json";
import { COUNTED_NOT_DRUGS, DRUG_STEMS, DRUG_STOP_WORDS, NOT_DRUG_WORDS } from "./word-lists";

// word | a drug stem | a word with a drug-like ending that is no drug | no drug after a verb or before a dose | counted, not a drug
const ROWS: [string, boolean, boolean, boolean, boolean][] = [
  ["mab", true, true, false, false],
  ["limus", true, false, false, false],
  ["disease", false, true, false, false],
  ["cholesterol", false, true, false, false],
  ["therapy", false, false, true, false],
  ["tablets", false, false, true, true],
  ["days", false, false, true, true],
  ["readings", false, false, false, true],
  ["syringes", false, false, false, true],
  ["mls", false, false, false, true],
  ["stimulants", false, false, false, false],
];

describe.each(ROWS)("%s", (word, stem, notDrug, stop, counted) => {
  it("is in the lists it belongs to", () => {
    expect([DRUG_STEMS.includes(word), NOT_DRUG_WORDS.has(word), DRUG_STOP_WORDS.has(word), COUNTED_NOT_DRUGS.has(word)]).toEqual([stem, notDrug, stop, counted]);
  });
});

describe.each(Object.entries(data).filter(([key]) => !key.startsWith("_")))("word list %s", (_, words) => {
  it("holds lower-case words, each once", () => {
    for (const word of words as string[]) expect(word).toMatch(/^[a-z][a-z-]*$/);
    expect(new Set(words).size).toBe(words.length);
  });
});
