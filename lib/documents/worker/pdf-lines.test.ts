import { describe, expect, it } from "vitest";
import { pageFromPieces, piecesFromWords } from "./pdf-lines.mjs";
import type { WordBox } from "./pdf-lines.mjs";

describe("lines from recognised word boxes", () => {
  // Word boxes as OCR gives them: pt from the top left, a label and its value on one row, a second column far right,
  // the value's box a little lower than the label's (as typed values sit), and a next row below.
  const words: WordBox[] = [
    [300, 88, 330, 100, "NPI:"],
    [40, 88, 90, 100, "Member"],
    [94, 88, 130, 100, "Name:"],
    [170, 90, 200, 102, "Jane"],
    [204, 90, 230, 102, "Doe"],
    [336, 88, 400, 100, "1234567893"],
    [40, 118, 70, 130, "DOB:"],
    [170, 118, 230, 130, "04/17/1980"],
  ];

  it("groups by baseline, orders by x and splits cells at gaps, like pdf.js text", () => {
    const page = pageFromPieces(1, piecesFromWords(words, 792), 612);
    expect(page.text.split("\n")).toEqual(["Member Name: | Jane Doe | NPI: 1234567893", "DOB: | 04/17/1980"]);
    expect(page.layout.lines[0]).toEqual([[40, 130], [170, 230], [300, 400]]);
    expect(page.layout.width).toBe(612);
  });

  it("keeps rows apart when their boxes do not share a baseline", () => {
    const page = pageFromPieces(1, piecesFromWords([[40, 100, 80, 112, "Top"], [40, 130, 80, 142, "Bottom"]], 792), 612);
    expect(page.text).toBe("Top\nBottom");
  });
});
