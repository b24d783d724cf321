// Recognised cells put into the page text the readers read: a cell's symbols are replaced by the recognised text (an
// empty cell gets a new cell at the column's position), and the page remembers which cells were recognised (with
// their confidence) and which could not be read (with the reason), so a quote of such a cell says it was recognised
// and an unread cell becomes a manual step naming why. Pure.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { RecognisedCell } from "@/lib/documents/worker/recognise-cells.mjs";

/** Below this confidence a recognised cell is not trusted: a person reads it (a misread amount could approve). */
export const MIN_CELL_CONFIDENCE = 75;

export interface CellMark {
  line: number;
  cell: number;
  /** Recognition confidence 0-100, for recognised cells. */
  confidence?: number;
  /** Why the cell's text could not be read, for unread cells. */
  reason?: string;
}

/** A page with the marks of its recognised and unread cells. */
export type PageWithCells = PdfPage & { recognisedCells?: CellMark[]; unreadCells?: CellMark[] };

export function recognisedCellOf(page: PdfPage | undefined, line: number, cell: number): CellMark | null {
  return (page as PageWithCells | undefined)?.recognisedCells?.find((m) => m.line === line && m.cell === cell) ?? null;
}

export function unreadCellOf(page: PdfPage | undefined, line: number, cell: number): CellMark | null {
  return (page as PageWithCells | undefined)?.unreadCells?.find((m) => m.line === line && m.cell === cell) ?? null;
}

/** The pages with recognised text in place of the cells' symbols (pages without recognised cells are returned as they were). */
export function withRecognisedCells(pages: readonly PdfPage[], results: readonly RecognisedCell[]): PageWithCells[] {
  const byPage = new Map<number, RecognisedCell[]>();
  for (const r of results) byPage.set(r.page, [...(byPage.get(r.page) ?? []), r]);
  return pages.map((page) => {
    const cells = byPage.get(page.page);
    if (!cells?.length) return page;
    const texts = page.text.split("\n");
    const boxes = page.layout?.lines.map((l) => l.map((b) => [...b] as [number, number])) ?? null;
    const recognised: CellMark[] = [...((page as PageWithCells).recognisedCells ?? [])];
    const unread: CellMark[] = [...((page as PageWithCells).unreadCells ?? [])];
    for (const r of cells) {
      const parts = texts[r.line]?.split(" | ");
      if (!parts) continue;
      const text = r.text === null ? null : r.text.replace(/ \| /g, " / ").replace(/\s+/g, " ").trim();
      if (r.cell === null) {
        // A drawn requirement beside a row whose text layer has none: a new cell, at the column's place.
        if (!text || (r.confidence ?? 0) < MIN_CELL_CONFIDENCE || !boxes?.[r.line]) continue;
        const at = boxes[r.line].findIndex((b) => b[0] > r.x0);
        const index = at < 0 ? parts.length : at;
        parts.splice(index, 0, text);
        boxes[r.line].splice(index, 0, [r.x0, r.x1]);
        for (const m of [...recognised, ...unread]) if (m.line === r.line && m.cell >= index) m.cell++;
        recognised.push({ line: r.line, cell: index, confidence: r.confidence });
      } else if (text === null) {
        unread.push({ line: r.line, cell: r.cell, reason: r.reason });
      } else if (!text) {
        unread.push({ line: r.line, cell: r.cell, reason: "text recognition found no text in the cell" });
      } else if ((r.confidence ?? 0) < MIN_CELL_CONFIDENCE) {
        unread.push({ line: r.line, cell: r.cell, reason: `text recognition read "${text}" with confidence ${r.confidence} only (at least ${MIN_CELL_CONFIDENCE} is trusted)` });
      } else {
        parts[r.cell] = text;
        recognised.push({ line: r.line, cell: r.cell, confidence: r.confidence ?? 0 });
      }
      texts[r.line] = parts.join(" | ");
    }
    const out: PageWithCells = { ...page, text: texts.join("\n") };
    if (boxes && page.layout) out.layout = { ...page.layout, lines: boxes };
    if (recognised.length) out.recognisedCells = recognised;
    if (unread.length) out.unreadCells = unread;
    return out;
  });
}
