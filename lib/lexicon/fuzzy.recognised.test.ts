import { describe, expect, it } from "vitest";
import { findDrugEntry } from "./drugs";

// Words as text recognition misreads them (e/g, v/y, rn/m): one edit more than a typed misspelling, first letter
// included, and never a guess between two drugs that near.
const ROWS: [written: string, recognised: string | null, typed: string | null][] = [
  ["gyerolimus 10 mg", "everolimus", null],
  ["everolirnus", "everolimus", "everolimus"],
  ["metforrnin 500 mg", "metformin", null],
  ["predrnisolone", "prednisolone", "prednisolone"],
  // prednisone and prednisolone are both two edits away: no guess.
  ["prednisolo", null, null],
  // Short words are never corrected, recognised or not.
  ["rnab", null, null],
];

describe.each(ROWS)("findDrugEntry(%s)", (written, recognised, typed) => {
  it(`recognised: ${recognised ?? "no drug"}`, () => {
    expect(findDrugEntry(written, { recognised: true })?.generic ?? null).toBe(recognised);
  });
  it(`typed: ${typed ?? "no drug"}`, () => {
    expect(findDrugEntry(written)?.generic ?? null).toBe(typed);
  });
});
