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
  {
    name: "a heading set tight against the next column splits where the row below starts a cell",
    words: [[263, 300, 315, 312, "Directions"], [381.8, 300, 495.6, 312, "Quantity / days supply"], [507.6, 300, 559.3, 312, "Start date"], [263, 316, 370.4, 328, "20 mcg subcutaneously"], [381.8, 316, 472.7, 328, "1 pen / 28 days"], [507.6, 316, 559.5, 328, "11/01/2025"]],
    lines: ["Directions | Quantity / days supply | Start date", "20 mcg subcutaneously | 1 pen / 28 days | 11/01/2025"],
    cells: [[[263, 315], [381.8, 495.6], [507.6, 559.3]], [[263, 370.4], [381.8, 472.7], [507.6, 559.5]]],
  },
  { name: "prose (one cell a line) is not split at another line's cell start", words: [[40, 100, 120, 112, "Name:"], [200, 100, 260, 112, "Jane"], [40, 116, 150, 128, "The patient"], [154, 116, 260, 128, "was seen"]], lines: ["Name: | Jane", "The patient was seen"] },
  { name: "alignment far below (another block) does not split", words: [[40, 100, 80, 112, "Drug:"], [82, 100, 130, 112, "Forteo"], [200, 100, 240, 112, "Tier"], [40, 400, 60, 412, "A"], [82, 400, 100, 412, "B"], [200, 400, 240, 412, "C"]], lines: ["Drug: Forteo | Tier", "A | B | C"] },
  { name: "blank words are dropped", words: [[40, 100, 80, 112, " "], [100, 100, 140, 112, "kept"]], lines: ["kept"] },
];

describe("word boxes to lines and cells", () => {
  it.each(LAYOUTS)("$name", ({ words, lines, cells }) => {
    const page = pageFromPieces(1, piecesFromWords(words, 792), 612);
    expect(page.text.split("\n")).toEqual(lines);
    if (cells) expect(page.layout.lines).toEqual(cells);
  });
});
