// How much pages look like a formulary or drug list: rows whose requirements cell holds codes (QL, ST, PA ...),
// a header with a tier or requirements column, a legend of the codes. 0 = not at all, 1 = surely.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { pageLines } from "./page-lines";
import { readLegend } from "./read-legend";
import { headerColumns, isCodeCell } from "./read-tables";

/** A drug list shows itself within its first pages (front matter, legend, the first table pages). */
const SAMPLE_PAGES = 40;

export function detectFormulary(pages: readonly PdfPage[]): number {
  const lines = pageLines(pages.slice(0, SAMPLE_PAGES));
  const legend = readLegend(lines);
  const headerPages = new Set<number>();
  let codeRows = 0;
  for (const line of lines) {
    const columns = headerColumns(line);
    // A drug table's header names a drug column and a tier or requirements column (a running header repeats it).
    if (columns && columns.some((c) => c.kind === "name") && columns.some((c) => c.kind === "tier" || c.kind === "requirements")) headerPages.add(line.page);
    if (!line.boilerplate && line.cells.length >= 2 && line.cells.some((c) => isCodeCell(c.text, [], true))) codeRows++;
  }
  const kinds = new Set(legend.map((e) => e.kind));
  const header = headerPages.size >= 3 ? 0.6 : headerPages.size ? 0.45 : 0;
  const score = header + Math.min(0.4, codeRows / 50) + (kinds.size >= 2 ? 0.25 : kinds.size ? 0.1 : 0);
  return Math.min(1, Math.round(score * 100) / 100);
}
