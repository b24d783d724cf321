import { describe, expect, it } from "vitest";
import { editDistance, withinOneEdit } from "./edit-distance";

// a | b | edit distance (a transposition is one) | within one edit (a transposition is two) | within one edit, letters only
const ROWS: [string, string, number, boolean, boolean][] = [
  ["lennox", "lennox", 0, true, true],
  ["gastaut", "gustaut", 1, true, true],
  ["lamotrigine", "lamotrigene", 1, true, true],
  ["osteosarcoma", "osteosarcom", 1, true, true],
  ["psoriasis", "psoraisis", 1, false, false],
  ["type 1 diabetes", "type 2 diabetes", 1, true, false],
  ["methylprednisone", "methylprednisolone", 2, false, false],
];

describe.each(ROWS)("%s / %s", (a, b, distance, oneEdit, oneLetter) => {
  it(`is ${distance} edits apart`, () => expect(editDistance(a, b)).toBe(distance));
  it(`is ${oneEdit ? "" : "not "}within one edit`, () => expect(withinOneEdit(a, b)).toBe(oneEdit));
  it(`is ${oneLetter ? "" : "not "}within one letter`, () => expect(withinOneEdit(a, b, { letters: true })).toBe(oneLetter));
});
