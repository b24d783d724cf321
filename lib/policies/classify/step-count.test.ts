import { describe, expect, it } from "vitest";
import { readCriterion } from "./read-criterion";

// How many prior drugs a step-therapy criterion asks for, when the count stands before the plural it counts.
// criterion | count | classes it names
const ROWS: [string, number, string[]][] = [
  ["Trial and failure of two stimulants", 2, ["stimulant"]],
  ["Member has not responded to two antidepressants", 2, ["antidepressant"]],
  ["Inadequate response to three preventive migraine medications", 3, []],
  ["Trial of 2 SSRIs", 2, ["ssri"]],
  ["Trial of two different SSRIs", 2, ["ssri"]],
  ["Trial of an SSRI for two months", 1, ["ssri"]],
  ["Trial of a stimulant for at least 4 weeks", 1, ["stimulant"]],
  ["Trial of a long-acting opioid", 1, ["long_acting_opioid"]],
];

describe.each(ROWS)("%s", (text, count, classes) => {
  it(`asks for ${count} of ${classes.join(", ") || "the named drugs"}`, () => {
    const { check } = readCriterion(text);
    expect(check.kind).toBe("step_therapy");
    if (check.kind !== "step_therapy") return;
    expect(check.count).toBe(count);
    expect(check.drugClasses).toEqual(classes);
  });
});
