import { describe, expect, it } from "vitest";
import { pageFromPieces, piecesFromWords } from "./lines.mjs";
import type { WordBox } from "./lines.mjs";

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

// Each row: word boxes ([x0, y0, x1, y1, text], pt from the top left) in, the page's lines with their cells out.
const LAYOUTS: { name: string; words: WordBox[]; lines: string[]; cells?: [number, number][][] }[] = [
  { name: "one line of words close together is one cell", words: [[40, 100, 70, 112, "Prior"], [74, 100, 140, 112, "authorization"]], lines: ["Prior authorization"], cells: [[[40, 140]]] },
  { name: "a column gap splits cells", words: [[40, 100, 70, 112, "Drug"], [200, 100, 240, 112, "Tier"]], lines: ["Drug | Tier"], cells: [[[40, 70], [200, 240]]] },
  { name: "a gap of exactly the column gap stays in one cell", words: [[40, 100, 70, 112, "A"], [82, 100, 90, 112, "B"]], lines: ["A B"] },
  { name: "a value slightly below its label shares the line", words: [[40, 100, 80, 112, "Dose:"], [170, 103, 210, 115, "10 mg"]], lines: ["Dose: | 10 mg"] },
  { name: "rows a line apart stay apart, top first", words: [[40, 130, 80, 142, "second"], [40, 100, 80, 112, "first"]], lines: ["first", "second"] },
  { name: "a literal separator inside a word is written as a slash", words: [[40, 100, 120, 112, "Qty | days"]], lines: ["Qty / days"] },
  { name: "blank words are dropped", words: [[40, 100, 80, 112, " "], [100, 100, 140, 112, "kept"]], lines: ["kept"] },
];

describe("word boxes to lines and cells", () => {
  it.each(LAYOUTS)("$name", ({ words, lines, cells }) => {
    const page = pageFromPieces(1, piecesFromWords(words, 792), 612);
    expect(page.text.split("\n")).toEqual(lines);
    if (cells) expect(page.layout.lines).toEqual(cells);
  });
});
