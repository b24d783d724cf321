// A criteria table's pages -> its rows: the header row (drug and criteria columns by the header vocabulary, a header
// may wrap over two lines) sets the columns by x; each later line's cells fall into the column they start under; a
// line with text in the drug column opens a row, one without continues the open row (a row continued over a page
// break has an empty drug cell), and the header repeated on each page is skipped.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { TextSegment } from "./text-criteria";
import { columnOfHeader, isCriteriaRole, isKeyRole, type ColumnHeader } from "./columns";
import { positionedLines, type PositionedLine } from "./positioned-lines";
import { productNames } from "./product-names";

export interface TableColumn {
  header: ColumnHeader;
  /** Header text as printed. */
  text: string;
  x0: number;
  x1: number;
}

export interface TableRow {
  /** Text of each column (by column index), one segment per line. */
  cells: TextSegment[][];
  pages: number[];
}

export interface CriteriaTable {
  columns: TableColumn[];
  rows: TableRow[];
  /** Pages on which the header row stands. */
  headerPages: number[];
}

/** Where a cell may start left of its column's header (left-aligned text under a slightly indented header). */
const SLACK = 8;

/** The columns a line names, when it is a header row: a drug (or class) column and a criteria column at least. */
function headerColumns(line: PositionedLine, next?: PositionedLine): { columns: TableColumn[]; lines: number } | null {
  if (line.cells.length < 2 || line.cells.some((c) => c.x0 === undefined)) return null;
  const read = (cells: { text: string; x0: number; x1: number }[]) => cells.map((c) => ({ cell: c, header: columnOfHeader(c.text) }));
  const cells = line.cells as { text: string; x0: number; x1: number }[];
  let named = read(cells);
  let lines = 1;
  // A header wrapped over two lines ("Approval" / "Duration"): the next line's cells stand under this line's.
  if (next && next.page === line.page && next.cells.every((c) => c.x0 !== undefined && cells.some((h) => Math.abs(h.x0 - (c.x0 as number)) <= SLACK))) {
    const merged = cells.map((h) => {
      const below = next.cells.filter((c) => Math.abs(h.x0 - (c.x0 as number)) <= SLACK).map((c) => c.text);
      return { ...h, text: [h.text, ...below].join(" ") };
    });
    const mergedNamed = read(merged);
    if (mergedNamed.filter((n) => n.header).length > named.filter((n) => n.header).length) {
      named = mergedNamed;
      lines = 2;
    }
  }
  // Columns the vocabulary does not know ("Notes") may stand beside known ones, as short header words, never most of the row.
  const unknown = named.filter((n) => !n.header);
  if (unknown.length * 2 > named.length || unknown.some((n) => n.cell.text.split(/\s+/).length > 3 || /[.;]/.test(n.cell.text))) return null;
  const roles = named.map((n) => n.header?.role);
  if (!roles.some((r) => r && isKeyRole(r)) || !roles.some((r) => r && isCriteriaRole(r))) return null;
  const other = (text: string): ColumnHeader => ({ id: "criteria-table.other", header: text, role: "other" });
  return { columns: named.map((n) => ({ header: n.header ?? other(n.cell.text), text: n.cell.text, x0: n.cell.x0, x1: n.cell.x1 })), lines };
}

const sameHeader = (a: TableColumn[], b: TableColumn[]) => a.length === b.length && a.every((c, i) => c.header.role === b[i].header.role);

/** The column a cell starts under: the last whose header starts left of it. */
function columnAt(columns: readonly TableColumn[], x0: number): number {
  let index = 0;
  columns.forEach((c, i) => {
    if (c.x0 <= x0 + SLACK) index = i;
  });
  return index;
}

/**
 * A drug cell's line that continues the name above it: "(omalizumab)", a line with no name of its own ("150 mg vial"),
 * after "," / "/" / ":" / "and", or inside an open parenthesis. A lower-case line is a generic name of its own.
 */
export const continuesName = (previous: string, text: string) => {
  const open = (previous.match(/\(/g) ?? []).length > (previous.match(/\)/g) ?? []).length;
  return open || text.startsWith("(") || productNames(text).length === 0 || /(?:[,/(:-]|\band|\bor)$/.test(previous.trim());
};

/**
 * A criteria cell's line that continues the criteria above it: it opens in lower case ("disease; and") or with a
 * list item after the first ("2. Member is ...", "b. A documented ..."), never a row's first criterion.
 */
export const continuesCriteria = (text: string) => /^[a-z](?![.)]\s)/.test(text.trim()) || /^(?:[2-9]|\d{2}|[b-h])[.)]\s/.test(text.trim());

/**
 * The column whose text opens a row: the class column of a preferred drug list (its drug columns list several drugs,
 * one a line, in one row), else the drug column, else the non-preferred drugs.
 */
export function openingColumn(columns: readonly TableColumn[]): number {
  for (const role of ["class", "drug", "non_preferred"]) {
    const index = columns.findIndex((c) => c.header.role === role);
    if (index >= 0) return index;
  }
  return 0;
}

/** The column whose drugs a row's section is bound to: the drug column, else the non-preferred drugs, else the class. */
export function bindingColumn(columns: readonly TableColumn[]): number {
  for (const role of ["drug", "non_preferred", "class"]) {
    const index = columns.findIndex((c) => c.header.role === role);
    if (index >= 0) return index;
  }
  return 0;
}

/** A cell's lines as items: a line that continues the name above it joins it ("Relpax (eletriptan), Frova" / "(frovatriptan)"). */
export function cellItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (items.length && continuesName(items[items.length - 1], line)) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  return items;
}

/** The first criteria table of the pages (null when no page has a header row naming drug and criteria columns). */
export function readCriteriaTable(pages: readonly PdfPage[]): CriteriaTable | null {
  // The header row repeats on every page, so it is among the running lines: kept here, the others skipped.
  const lines = positionedLines(pages, { keepRunning: true });
  let columns: TableColumn[] | null = null;
  const rows: TableRow[] = [];
  const headerPages: number[] = [];
  let row: TableRow | null = null;
  let keyColumn = -1;
  let skip = 0;
  const headers = lines.map((line, i) => headerColumns(line, lines[i + 1]));
  // The last header row of each page: lines above it on a page that repeats the header are the page's title.
  const lastHeaderOnPage = new Map<number, number>();
  headers.forEach((h, i) => {
    if (h) lastHeaderOnPage.set(lines[i].page, i);
  });
  for (let i = 0; i < lines.length; i++) {
    if (skip) {
      skip--;
      continue;
    }
    const line = lines[i];
    const header = headers[i];
    if (header && (!columns || sameHeader(columns, header.columns))) {
      columns ??= header.columns;
      keyColumn = openingColumn(columns);
      if (!headerPages.includes(line.page)) headerPages.push(line.page);
      skip = header.lines - 1;
      continue;
    }
    if (!columns || line.running || line.cells.some((c) => c.x0 === undefined)) continue;
    // Before the header on a page that repeats it: the page's title, not a row.
    if ((lastHeaderOnPage.get(line.page) ?? -1) > i) continue;
    const byColumn: string[][] = columns.map(() => []);
    let spans = false;
    for (const cell of line.cells) {
      const at = columnAt(columns, cell.x0 as number);
      // Text running across several columns is a note under the table, not a cell.
      if (at + 1 < columns.length && (cell.x1 as number) > columns[at + 1].x0 + 20 && cell.text.split(" ").length > 6) spans = true;
      byColumn[at].push(cell.text);
    }
    if (spans) continue;
    const key = byColumn[keyColumn].join(" ").trim();
    const lastKey = row ? row.cells[keyColumn].map((s) => s.text).join(" ") : "";
    // A drug cell line with no name of its own ("150 mg vial", "Pen") continues the drug above it.
    const isClass = columns[keyColumn].header.role === "class";
    // A class name wrapped over lines ("Angiotensin Receptor" / "Blockers (ARBs)") beside criteria that go on: the row goes on.
    const criteriaGoOn = isClass && row && columns.some((c, i) => isCriteriaRole(c.header.role) && continuesCriteria(byColumn[i].join(" ")));
    const opens = key && !criteriaGoOn && !(row && lastKey && continuesName(lastKey, key)) && (isClass || productNames(key).length > 0);
    if (opens || !row) {
      row = { cells: columns.map(() => []), pages: [] };
      rows.push(row);
    }
    if (!row.pages.includes(line.page)) row.pages.push(line.page);
    line.cells.forEach((cell) => {
      const at = columnAt(columns as TableColumn[], cell.x0 as number);
      (row as TableRow).cells[at].push({ page: line.page, text: cell.text, x0: cell.x0 });
    });
  }
  if (!columns) return null;
  return { columns, rows: rows.filter((r) => r.cells[keyColumn]?.length), headerPages };
}
