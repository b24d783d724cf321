import { describe, expect, it } from "vitest";
import type { PdfPage } from "@/lib/documents/read-pdf";
import { cellsLeftByLimit } from "./cells-left-by-limit";

const page = (n: number, reasons: string[]): PdfPage => ({ page: n, text: "", unreadCells: reasons.map((reason, i) => ({ line: i, cell: 2, reason })) }) as PdfPage;

describe.each([
  { name: "no marks", pages: [page(1, [])], left: 0 },
  { name: "the cell cap", pages: [page(1, ["text recognition stopped at the limit of 300 cells per document (PA_OCR_MAX_CELLS)"]), page(2, ["text recognition stopped at the limit of 300 cells per document (PA_OCR_MAX_CELLS)"])], left: 2 },
  { name: "the time limit (worker and thread)", pages: [page(1, ["text recognition stopped at its time limit per document (PA_OCR_CELLS_TIMEOUT_MS)", "text recognition took longer than its time limit per document (PA_OCR_CELLS_TIMEOUT_MS)"])], left: 2 },
  { name: "unreadable cells are not the limit's", pages: [page(1, ["its region on the page is empty", 'text recognition read "Q1" with confidence 40 only (at least 75 is trusted)', "text recognition is off (PA_OCR=0)"])], left: 0 },
])("cellsLeftByLimit: $name", ({ pages, left }) => {
  it(`is ${left}`, () => expect(cellsLeftByLimit(pages)).toBe(left));
});

// Images beside rows leave no mark when the cap stops recognition: the last progress tells.
const run = (done: number, total: number, elapsedMs = 1000) => ({ done, total, maxCells: 2, elapsedMs, timeoutMs: 120_000 });
describe.each([
  { name: "stopped at the cap with cells not taken", pages: [page(1, [])], run: run(2, 5), left: 3 },
  { name: "every cell taken", pages: [page(1, [])], run: run(5, 5), left: 0 },
  { name: "fewer taken than the cap (the rest were blank): not the limit", pages: [page(1, [])], run: run(1, 5), left: 0 },
  { name: "past the time limit with cells not taken", pages: [page(1, [])], run: { ...run(1, 5, 130_000), maxCells: 300 }, left: 4 },
  { name: "marks and progress: the larger count", pages: [page(1, ["text recognition stopped at the limit of 2 cells per document (PA_OCR_MAX_CELLS)"])], run: run(2, 4), left: 2 },
  { name: "no recognition ran", pages: [page(1, [])], run: run(0, 0), left: 0 },
])("cellsLeftByLimit with progress: $name", ({ pages, run, left }) => {
  it(`is ${left}`, () => expect(cellsLeftByLimit(pages, run)).toBe(left));
});
