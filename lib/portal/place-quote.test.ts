import { describe, expect, it } from "vitest";
import { placeQuote, type TextRun } from "./place-quote";

// A page as pdf.js gives it: prose, then a table drawn cell by cell (y from the bottom, 12 pt text).
const run = (str: string, y: number, hasEOL = false): TextRun => ({ str, y, height: 12, hasEOL });
const PAGE: TextRun[] = [
  run("Pseudobulbar affect; CNS-LS repeated, see table.", 722, true),
  run("Instrument", 690), run("Date", 690), run("Score", 690, true),
  run("CNS-LS", 670), run("08/29/2025", 670), run("21", 670, true),
  run("PHQ-9", 650), run("09/29/2025", 650), run("6", 650, true),
];
const text = (slices: ReturnType<typeof placeQuote>) => slices.map((s) => PAGE[s.run].str.slice(s.from, s.to));

describe("placeQuote", () => {
  it.each([
    ["a table row: each cell on the row of the first (not the prose's CNS-LS)", "CNS-LS | 08/29/2025 | 21", ["CNS-LS", "08/29/2025", "21"]],
    ["another row", "PHQ-9 | 09/29/2025 | 6", ["PHQ-9", "09/29/2025", "6"]],
    ["prose, word by word", "CNS-LS repeated", ["CNS-LS repeated"]],
    ["a row whose cells are not on one line of the page is not placed", "CNS-LS | 09/29/2025 | 6", []],
    ["words the page does not say", "CNS-LS | 08/29/2025 | 22", []],
    ["nothing to place", "", []],
  ])("%s", (_name, quote, expected) => {
    expect(text(placeQuote(PAGE, quote))).toEqual(expected);
  });
});
