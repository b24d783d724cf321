// The requirement cells of a drug list that the text layer cannot give: cells whose text is symbols (a font without
// a usable text map) and, on pages whose requirements column holds no text at all, the empty cells of drug rows (the
// column may be an image). Their region comes from the table header's column positions. Rows of the requested drugs
// (`focus`) come first, then the document's order. Pure: the recognition itself runs in a worker thread.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { CellToRecognise } from "@/lib/documents/worker/recognise-cells.mjs";
import { drugsMatchBinding } from "../../library/drug-binding-matches";
import { pageLines, type Line } from "./page-lines";
import { readLegend } from "./read-legend";
import { columnText, headerColumns, isGarbled, readTables, type Column, type TableRow } from "./read-tables";
import { rowNames } from "./row-names";
import { codeKind } from "./vocabulary";

/** Margin (pt) left of a column's header, and kept from the column before it. */
const LEFT_MARGIN = 3;
/** The last column runs to the page's edge less this margin (pt). */
const RIGHT_MARGIN = 10;

/** The header columns in force on each page: a page's own header, else the last one before it. */
function headersByPage(lines: readonly Line[]): Map<number, Column[]> {
  const out = new Map<number, Column[]>();
  let last: Column[] | null = null;
  for (const line of lines) {
    const columns = headerColumns(line);
    if (columns && columns.some((c) => c.kind === "requirements")) last = columns;
    if (last && !out.has(line.page)) out.set(line.page, last);
    if (columns && columns.some((c) => c.kind === "requirements")) out.set(line.page, columns);
  }
  return out;
}

function columnBounds(columns: readonly Column[], pageWidth: number): { x0: number; x1: number } | null {
  const index = columns.findIndex((c) => c.kind === "requirements");
  if (index < 0) return null;
  const before = columns[index - 1];
  const after = columns[index + 1];
  const x0 = Math.max(columns[index].x0 - LEFT_MARGIN, before ? before.x1 + 1 : 0);
  const x1 = after ? after.x0 - 1 : pageWidth - RIGHT_MARGIN;
  return x1 > x0 ? { x0, x1 } : null;
}

function anchorOf(line: Line, lines: readonly Line[]): Pick<CellToRecognise, "anchor" | "occurrence"> {
  const first = line.cells[0];
  const same = (l: Line) => l.page === line.page && l.cells[0] && l.cells[0].text === first.text && Math.abs(l.cells[0].x0 - first.x0) < 0.5;
  const occurrence = lines.filter((l) => same(l) && l.index < line.index).length;
  return { anchor: { x0: first.x0, text: first.text }, occurrence };
}

export interface CellsToRecognise {
  cells: CellToRecognise[];
  /** Cells of rows that are not among the requested drugs, left out because `focusOnly` was asked. */
  leftOut: CellToRecognise[];
}

/**
 * The cells to recognise, requested drugs' rows first. `focus`: the drug names a case asks for; with `focusOnly`,
 * other rows' cells are returned apart (`leftOut`) and stay unread.
 */
export function cellsToRecognise(pages: readonly PdfPage[], opts: { focus?: readonly string[]; focusOnly?: boolean } = {}): CellsToRecognise {
  const lines = pageLines(pages);
  const legend = readLegend(lines);
  const extraCodes = [...new Set(legend.map((e) => e.code.replace(/[*†‡¹²³^]+$/, "")))].filter((c) => !codeKind(c));
  // A legend row ("PA - Prior Authorization") has a code cell too: it is no drug.
  const legendLines = new Set(legend.map((e) => `${e.quote.page}\u0000${e.quote.text}`));
  const drugRows = readTables(lines, extraCodes).drugRows.filter((r) => !legendLines.has(`${r.page}\u0000${r.lines[0].text}`));
  const headers = headersByPage(lines);
  const widthOf = new Map(pages.map((p) => [p.page, p.layout?.width ?? 612]));
  // Pages whose requirements column has text in some row: their empty cells are empty, not images.
  const pagesWithText = new Set(drugRows.filter((r) => columnText(r, "requirements") || columnText(r, "code")).map((r) => r.page));
  // Symbols first (surely a requirement), then empty cells beside images (maybe one); the requested drugs' before others.
  const focused: CellToRecognise[][] = [[], []];
  const rest: CellToRecognise[][] = [[], []];
  const focus = opts.focus?.filter((n) => n.trim()) ?? [];
  const isFocus = (row: TableRow) => {
    if (!focus.length) return false;
    const { names } = rowNames(columnText(row, "name"), columnText(row, "brand"));
    return names.length > 0 && drugsMatchBinding(focus, names) === "name";
  };
  for (const row of drugRows) {
    const columns = headers.get(row.page);
    const bounds = columns ? columnBounds(columns, widthOf.get(row.page) ?? 612) : null;
    if (!bounds) continue;
    const parts = row.parts.get("requirements") ?? [];
    const text = columnText(row, "requirements");
    let cells: CellToRecognise[] = [];
    if (parts.length && isGarbled(text)) {
      cells = parts.map((p) => ({ page: p.line.page, line: p.line.index, cell: p.cell, ...anchorOf(p.line, lines), ...bounds }));
    } else if (!parts.length && !row.parts.has("code") && !pagesWithText.has(row.page) && row.parts.has("name")) {
      // Only a row's own name lines: a requirement drawn beside them.
      cells = row.lines.filter((l) => l.page === row.page && l.cells.length).map((l) => ({ page: l.page, line: l.index, cell: null, ...anchorOf(l, lines), ...bounds }));
    }
    if (!cells.length) continue;
    (isFocus(row) ? focused : rest)[cells[0].cell === null ? 1 : 0].push(...cells);
  }
  if (opts.focusOnly) return { cells: focused.flat(), leftOut: rest.flat() };
  return { cells: [...focused.flat(), ...rest.flat()], leftOut: [] };
}
