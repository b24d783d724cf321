// Pages as positioned lines for the formulary reader: each line's cells with their [x0, x1] (the document layout
// model, lib/documents/layout). Lines repeated on many pages (running headers, footers, the footer legend, page
// numbers) are marked as boilerplate: they are never rows of a table nor criteria of a drug.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { pageLines as layoutLines } from "@/lib/documents/layout/page-lines";
import { lineKey, runningLines } from "@/lib/documents/layout/running-lines";

export interface Cell {
  text: string;
  x0: number;
  x1: number;
}

export interface Line {
  page: number;
  /** Index of the line in its page's text. */
  index: number;
  text: string;
  cells: Cell[];
  boilerplate: boolean;
}

export function pageLines(pages: readonly PdfPage[]): Line[] {
  const { repeated } = runningLines(pages);
  const lines: Line[] = [];
  for (const page of pages) {
    for (const line of layoutLines(page)) {
      if (!line.text.trim()) continue;
      // Without positions (plain text), cells get ordinal positions: column order still holds, alignment does not.
      const cells = line.cells.map((c, i): Cell => (c.x0 !== null && c.x1 !== null ? { text: c.text.trim(), x0: c.x0, x1: c.x1 } : { text: c.text.trim(), x0: i * 100, x1: i * 100 + 90 }));
      lines.push({ page: page.page, index: line.index, text: line.text, cells, boilerplate: repeated.has(lineKey(page.page, line.index)) });
    }
  }
  return lines;
}

/** Share of a text's letters and digits that are not ASCII: a cell in a font without a usable text map reads as symbols. */
export function nonAsciiShare(text: string): number {
  const chars = [...text.replace(/\s+/g, "")];
  if (!chars.length) return 0;
  const foreign = chars.filter((c) => c.charCodeAt(0) > 0x7e && !/[®™©•–—’‘“”…°±µ·†‡§¶¹²³]/.test(c)).length;
  // One odd sign is a symbol of the text (a marker, an accent), not a font without a text map.
  return foreign >= 2 ? foreign / chars.length : 0;
}
