import { describe, expect, it } from "vitest";
import { pageLines, xAt } from "./page-lines";

// Each row: a page's text and layout in, each line's cells out as [text, start, end, x0, x1].
const CASES: { name: string; page: { text: string; layout?: { width: number; lines: [number, number][][] } }; cells: [string, number, number, number | null, number | null][][] }[] = [
  {
    name: "cells with their offsets and positions",
    page: { text: "Name: | Jane Doe\nDOB: | 04/17/1980", layout: { width: 612, lines: [[[40, 80], [170, 230]], [[40, 70], [170, 230]]] } },
    cells: [
      [["Name:", 0, 5, 40, 80], ["Jane Doe", 8, 16, 170, 230]],
      [["DOB:", 17, 21, 40, 70], ["04/17/1980", 24, 34, 170, 230]],
    ],
  },
  {
    name: "plain text: cells without positions",
    page: { text: "Drug | Dose" },
    cells: [[["Drug", 0, 4, null, null], ["Dose", 7, 11, null, null]]],
  },
  {
    name: "a layout whose cell count differs from the text's gives no positions",
    page: { text: "A | B | C", layout: { width: 612, lines: [[[0, 10], [20, 30]]] } },
    cells: [[["A", 0, 1, null, null], ["B", 4, 5, null, null], ["C", 8, 9, null, null]]],
  },
];

describe("page text and layout to lines with cells", () => {
  it.each(CASES)("$name", ({ page, cells }) => {
    expect(pageLines(page).map((l) => l.cells.map((c) => [c.text, c.start, c.end, c.x0, c.x1]))).toEqual(cells);
  });

  it("places a character of a positioned cell on the page", () => {
    const [line] = pageLines({ text: "Jane Doe", layout: { width: 612, lines: [[[100, 180]]] } });
    expect(xAt(line, 4)).toBe(140);
    expect(xAt(pageLines({ text: "Jane" })[0], 2)).toBeNull();
  });
});
