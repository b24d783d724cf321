import { describe, expect, it } from "vitest";
import { LEADING_QUALIFIER, MATCH_FILLER, NAME_QUALIFIERS, SAME_CONDITION_QUALIFIERS, TRAILING_QUALIFIER } from "@/lib/lexicon/condition-qualifiers";

const dropNameQualifiers = (name: string) => name.replace(NAME_QUALIFIERS, " ").replace(/\s+/g, " ").trim();

describe("condition qualifiers, one list per use", () => {
  it.each([
    ["asthma unspecified", "asthma"],
    ["primary hypercholesterolemia", "hypercholesterolemia"],
    ["diabetes not otherwise specified", "diabetes"],
    ["disorder of the thyroid", "disorder thyroid"],
    ["secondary hypertension", "secondary hypertension"],
  ])("a name looked up: %s -> %s", (name, expected) => {
    expect(dropNameQualifiers(name)).toBe(expected);
  });

  it.each([
    ["severe", true, true],
    ["relapsed", true, true],
    ["iiib", false, false],
    ["iii", false, true],
    ["2b", false, true],
    ["b", false, true],
    ["philadelphia", false, true],
    ["secondary", false, false],
    ["juvenile", false, false],
  ])("%s: after a name %s, before a name %s", (word, trailing, leading) => {
    expect(TRAILING_QUALIFIER.test(word)).toBe(trailing);
    expect(LEADING_QUALIFIER.test(word)).toBe(leading);
  });

  it.each([
    ["chronic", true, false],
    ["secondary", true, false],
    ["syndrome", true, true],
    ["origin", false, true],
    ["asthma", false, false],
  ])("%s: ignored when names are compared %s, when a criterion's name is matched %s", (word, same, filler) => {
    expect(SAME_CONDITION_QUALIFIERS.has(word)).toBe(same);
    expect(MATCH_FILLER.has(word)).toBe(filler);
  });
});
