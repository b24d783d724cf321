// A document's lines with their cells' positions (the document layout model, lib/documents/layout), running headers,
// footers and page numbers left out: what the multi-drug readers walk through. A page read without positions gives
// cells without x.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { pageLines } from "@/lib/documents/layout/page-lines";
import { lineKey, runningLines } from "@/lib/documents/layout/running-lines";

export interface Cell {
  text: string;
  /** Left and right edges (pt); undefined when the page came without positions. */
  x0?: number;
  x1?: number;
}

export interface PositionedLine {
  page: number;
  /** Index among the page's text lines. */
  index: number;
  cells: Cell[];
  /** Page width (pt), when known. */
  width?: number;
  /** Repeats at the page's edge on other pages (a running header or footer, or a table header printed on each page). */
  running?: boolean;
}

/** A cell that is a page number: "Page 3", "Page 3 of 12", "3 of 12", "- 3 -". */
const PAGE_CELL = /^(?:page\s*\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?|\d{1,4}\s*(?:of|\/)\s*\d{1,4}|-\s*\d{1,4}\s*-)$/i;
/** Lines at each edge of a page where a footer or header may stand. */
const EDGE = 2;

export const lineText = (line: PositionedLine) => line.cells.map((c) => c.text).join(" ");

/** Every page's lines as cells, in reading order; running lines are left out, or marked when `keepRunning`. */
export function positionedLines(pages: readonly PdfPage[], opts: { keepRunning?: boolean } = {}): PositionedLine[] {
  const running = runningLines(pages).edge;
  const out: PositionedLine[] = [];
  for (const page of [...pages].sort((a, b) => a.page - b.page)) {
    const kept: PositionedLine[] = [];
    for (const line of pageLines(page)) {
      const isRunning = running.has(lineKey(page.page, line.index));
      if (!line.text.trim() || (isRunning && !opts.keepRunning)) continue;
      const cells = line.cells.map((c) => ({ text: c.text.trim(), x0: c.x0 ?? undefined, x1: c.x1 ?? undefined })).filter((c) => c.text);
      if (cells.length) kept.push({ page: page.page, index: line.index, cells, width: page.layout?.width, ...(isRunning ? { running: true } : {}) });
    }
    // A footer or header line that carries the page number in a cell of its own ("Updated 10/2026 | Page 3").
    const edge = (i: number) => i < EDGE || i >= kept.length - EDGE;
    out.push(...kept.filter((line, i) => !(edge(i) && line.cells.length > 1 && line.cells.some((c) => PAGE_CELL.test(c.text)))));
  }
  return out;
}
