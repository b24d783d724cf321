// Pages as positioned lines: each line's " | "-separated cells with their [x0, x1] (lib/documents/read-pdf.ts layout,
// or OCR text in the same shape). Lines repeated on many pages (running headers, footers, the footer legend, page
// numbers) are marked as boilerplate: they are never rows of a table nor criteria of a drug.
import type { PdfPage } from "@/lib/documents/read-pdf";

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

/** A line repeated on at least this share of pages (and on 3 or more) is a running header or footer. */
const REPEATED_SHARE = 0.3;

const shapeOf = (text: string) => text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
const isPageNumber = (text: string) => /^(?:page\s+)?[#ivxlc]+(?:\s+of\s+#)?$/i.test(shapeOf(text)) && text.length <= 12;

export function pageLines(pages: readonly PdfPage[]): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    const texts = page.text.split("\n");
    texts.forEach((text, index) => {
      if (!text.trim()) return;
      const parts = text.split(" | ");
      const boxes = page.layout?.lines[index];
      // Without positions (plain text), cells get ordinal positions: column order still holds, alignment does not.
      const cells = parts.map((t, i): Cell => {
        const box = boxes && boxes.length === parts.length ? boxes[i] : [i * 100, i * 100 + 90];
        return { text: t.trim(), x0: box[0], x1: box[1] };
      });
      lines.push({ page: page.page, index, text, cells, boilerplate: false });
    });
  }
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines) {
    const key = shapeOf(line.text);
    const set = pagesOf.get(key) ?? new Set<number>();
    set.add(line.page);
    pagesOf.set(key, set);
  }
  const threshold = Math.max(3, Math.ceil(pages.length * REPEATED_SHARE));
  for (const line of lines) {
    const count = pagesOf.get(shapeOf(line.text))?.size ?? 0;
    const pageCell = line.cells.some((c) => /^page \d+(?: of \d+)?$/i.test(c.text.trim()));
    if (isPageNumber(line.text) || pageCell || (pages.length >= 3 && count >= threshold)) line.boilerplate = true;
  }
  // The last cell of a footer line is often the page number ("Formulary ID | 60"): the rest of the line repeats.
  const footerKey = (l: Line) => (l.cells.length > 1 ? shapeOf(l.cells.slice(0, -1).map((c) => c.text).join(" | ")) : null);
  const footerPages = new Map<string, Set<number>>();
  for (const line of lines) {
    const key = footerKey(line);
    if (!key) continue;
    const set = footerPages.get(key) ?? new Set<number>();
    set.add(line.page);
    footerPages.set(key, set);
  }
  for (const line of lines) {
    const key = footerKey(line);
    if (key && pages.length >= 3 && (footerPages.get(key)?.size ?? 0) >= threshold && isPageNumber(line.cells[line.cells.length - 1].text)) line.boilerplate = true;
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
