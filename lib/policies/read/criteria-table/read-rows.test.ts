import { describe, expect, it } from "vitest";
import { continuesCriteria } from "./read-rows";

// A class cell wrapped over lines opens no row when the criteria beside it go on: these are the criteria cells' lines.
describe.each([
  ["disease; and", true],
  ["at least 30 days; or", true],
  ["2. Member is 18 years of age or older; and", true],
  ["10. Prescribed by a cardiologist", true],
  ["b. A documented contraindication to every preferred agent; and", true],
  ["c) Not used with an ACE inhibitor", true],
  ["1. Diagnosis of hypertension; and", false],
  ["a. Trial and failure of two preferred agents", false],
  ["• Diagnosis of overactive bladder", false],
  ["Trial and failure of two preferred agents.", false],
  ["", false],
] as [string, boolean][])("continuesCriteria(%j)", (text, expected) => {
  it(`is ${expected}`, () => {
    expect(continuesCriteria(text)).toBe(expected);
  });
});
