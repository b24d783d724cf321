// A criteria table's pages -> its rows: the header row (drug and criteria columns by the header vocabulary, a header
// may wrap over two lines) sets the columns by x; each later line's cells fall into the column they start under; a
// line with text in the drug column opens a row, one without continues the open row (a row continued over a page
// break has an empty drug cell), and the header repeated on each page is skipped.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { TextSegment } from "./text-criteria";
import { readMarkers } from "@/lib/policies/list-markers";
import { isCriteriaRole, isKeyRole, readHeaderCell, type ColumnHeader } from "./columns";
import { positionedLines, type PositionedLine } from "./positioned-lines";
import { productNames } from "./product-names";

export interface TableColumn {
  header: ColumnHeader;
  /** Header text as printed. */
  text: string;
  /** A note printed in parentheses after the header, holding for the whole column ("Authorization is for 365 days unless otherwise stated"). */
  note?: string;
  x0: number;
  x1: number;
}

export interface TableRow {
  /** Text of each column (by column index), one segment per line. */
  cells: TextSegment[][];
  pages: number[];
  /** The shaded band over the row that names its class, in a preferred drug list without a class column. */
  band?: { text: string; page: number };
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
  const read = (cells: { text: string; x0: number; x1: number }[]) => cells.map((c) => ({ cell: c, ...(readHeaderCell(c.text) ?? { header: null, note: null }) }));
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
  return { columns: named.map((n) => ({ header: n.header ?? other(n.cell.text), text: n.cell.text, ...(n.note ? { note: n.note } : {}), x0: n.cell.x0, x1: n.cell.x1 })), lines };
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
 * The column whose text opens a row: the drug column beside a class column (a row there also needs its class cell:
 * see rowOpensBesideClass), the class column of a preferred drug list (its drug columns list several drugs, one a
 * line, in one row), else the drug column, else the non-preferred drugs.
 */
export function openingColumn(columns: readonly TableColumn[]): number {
  const drug = columns.findIndex((c) => c.header.role === "drug");
  if (drug >= 0 && columns.some((c) => c.header.role === "class")) return drug;
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

/**
 * In a table with a class column beside the drug column (Therapeutic Class / Drug Name / Clinical Criteria), a row's
 * first line holds its class, its first drug and its first criterion side by side; class names and drug lists wrap
 * over the lines below. So a new drug name opens a row only with class text beside it and criteria that open there:
 * an item (a list marker) or, in a cell whose items carry no markers, a line that does not go on from the one above;
 * or a sub-heading naming the line's own drug ("Zyvox (linezolid)" over its criteria). A drug with no class beside it
 * ("Viltepso" under "Amondys 45"), or beside criteria going on ("Muscular Dystrophy"), is one more drug of the row.
 */
export function rowOpensBesideClass(line: { classText: string; drugText: string; criteriaText: string }, rowUsesMarkers: boolean): boolean {
  const { classText, drugText, criteriaText } = line;
  if (!classText.trim() || !drugText.trim() || !criteriaText.trim()) return false;
  if (readMarkers(criteriaText).length) return true;
  const drug = productNames(drugText)[0]?.toLowerCase();
  if (drug && productNames(criteriaText)[0]?.toLowerCase() === drug) return true;
  return !rowUsesMarkers && !continuesCriteria(criteriaText);
}

/**
 * A band across a preferred drug list that names the class of the rows under it ("PROTON PUMP INHIBITORS (PPIs)",
 * "ANTICOAGULANTS, ORAL"): one cell alone on its line, at the table's left edge, in capitals, a few words, no sentence.
 */
export function isClassBand(line: { cells: readonly { text: string; x0?: number }[] }, tableLeft: number): boolean {
  if (line.cells.length !== 1 || line.cells[0].x0 === undefined || Math.abs(line.cells[0].x0 - tableLeft) > SLACK) return false;
  const text = line.cells[0].text.trim();
  const letters = text.replace(/[^A-Za-z]/g, "");
  const upper = letters.replace(/[^A-Z]/g, "").length;
  return letters.length >= 4 && upper / letters.length >= 0.8 && text.split(/\s+/).length <= 10 && !/[.;:]$/.test(text);
}

/**
 * A cell whose text runs on into the next column without a gap wide enough to part them ("... within the past 365
 * days, each Injection: 4 syringes or vials per 30"): cut at the word nearest where the next column starts, the
 * position read from the cell's width per character. Null when it does not cross that column.
 */
export function cutAtColumn(cell: { text: string; x0: number; x1: number }, columnX: number): [{ text: string; x0: number; x1: number }, { text: string; x0: number; x1: number }] | null {
  if (cell.x1 <= columnX + 20 || cell.x0 >= columnX) return null;
  const perChar = (cell.x1 - cell.x0) / cell.text.length;
  let best: { at: number; distance: number } | null = null;
  for (let at = cell.text.indexOf(" "); at > 0; at = cell.text.indexOf(" ", at + 1)) {
    const distance = Math.abs(cell.x0 + (at + 1) * perChar - columnX);
    if (!best || distance < best.distance) best = { at, distance };
  }
  if (!best) return null;
  const left = cell.text.slice(0, best.at).trim();
  const right = cell.text.slice(best.at + 1).trim();
  return left && right ? [{ text: left, x0: cell.x0, x1: cell.x0 + best.at * perChar }, { text: right, x0: columnX, x1: cell.x1 }] : null;
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
  let classColumn = -1;
  let banded = false;
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
      classColumn = columns[keyColumn].header.role === "drug" ? columns.findIndex((c) => c.header.role === "class") : -1;
      if (!headerPages.includes(line.page)) headerPages.push(line.page);
      skip = header.lines - 1;
      continue;
    }
    if (!columns || line.running || line.cells.some((c) => c.x0 === undefined)) continue;
    // Before the header on a page that repeats it: the page's title, not a row.
    if ((lastHeaderOnPage.get(line.page) ?? -1) > i) continue;
    // Text standing left of the table's first column is outside the table (a note printed at the page margin).
    if ((line.cells[0].x0 as number) < columns[0].x0 - 3) continue;
    // A class band of a preferred drug list opens the rows of its class: in such a list only bands open rows.
    if (columns.some((c) => c.header.role === "preferred" || c.header.role === "non_preferred") && classColumn < 0 && !columns.some((c) => c.header.role === "class") && isClassBand(line, columns[0].x0)) {
      banded = true;
      row = { cells: columns.map(() => []), pages: [line.page], band: { text: line.cells[0].text.trim(), page: line.page } };
      rows.push(row);
      continue;
    }
    const byColumn: string[][] = columns.map(() => []);
    let spans = false;
    const cells: { text: string; x0: number; x1: number }[] = [];
    for (const written of line.cells as { text: string; x0: number; x1: number }[]) {
      let cell: { text: string; x0: number; x1: number } | null = written;
      while (cell) {
        const cols: TableColumn[] = columns;
        const at: number = columnAt(cols, cell.x0);
        const next: TableColumn | undefined = cols[at + 1];
        const crosses: boolean = next !== undefined && cell.x1 > next.x0 + 20;
        // Text running across several columns is a note under the table, not a cell; a cell that runs on into the
        // next column only is cut where that column starts.
        const cut: ReturnType<typeof cutAtColumn> = crosses && next && !(cols[at + 2] && cell.x1 > cols[at + 2].x0 + 20) ? cutAtColumn(cell, next.x0) : null;
        if (crosses && !cut && cell.text.split(" ").length > 6) spans = true;
        cells.push(cut ? cut[0] : cell);
        byColumn[at].push((cut ? cut[0] : cell).text);
        cell = cut ? cut[1] : null;
      }
    }
    if (spans) continue;
    const key = byColumn[keyColumn].join(" ").trim();
    const lastKey = row ? row.cells[keyColumn].map((s) => s.text).join(" ") : "";
    // A drug cell line with no name of its own ("150 mg vial", "Pen") continues the drug above it.
    const isClass = columns[keyColumn].header.role === "class";
    // A class name wrapped over lines ("Angiotensin Receptor" / "Blockers (ARBs)") beside criteria that go on: the row goes on.
    const criteriaGoOn = isClass && row && columns.some((c, i) => isCriteriaRole(c.header.role) && continuesCriteria(byColumn[i].join(" ")));
    const criteriaText = columns.flatMap((c, i) => (isCriteriaRole(c.header.role) ? byColumn[i] : [])).join(" ");
    const rowUsesMarkers = !!row && columns.some((c, i) => isCriteriaRole(c.header.role) && readMarkers(row?.cells[i][0]?.text ?? "").length > 0);
    const besideClass = classColumn < 0 || rowOpensBesideClass({ classText: byColumn[classColumn].join(" "), drugText: key, criteriaText }, rowUsesMarkers);
    const opens = !banded && key && !criteriaGoOn && besideClass && !(row && lastKey && continuesName(lastKey, key)) && (isClass || productNames(key).length > 0);
    if (opens || !row) {
      row = { cells: columns.map(() => []), pages: [] };
      rows.push(row);
    }
    if (!row.pages.includes(line.page)) row.pages.push(line.page);
    // Cells of one line in one column are one segment: a bullet printed apart from its text ("•" | "Must be ...").
    const segments = new Map<number, TextSegment>();
    for (const cell of cells) {
      const at = columnAt(columns as TableColumn[], cell.x0);
      const open = segments.get(at);
      if (open) {
        open.text += ` ${cell.text}`;
        open.x1 = cell.x1;
      } else segments.set(at, { page: line.page, text: cell.text, x0: cell.x0, x1: cell.x1 });
    }
    for (const [at, segment] of segments) (row as TableRow).cells[at].push(segment);
  }
  if (!columns) return null;
  return { columns, rows: rows.filter((r) => r.cells[keyColumn]?.length), headerPages };
}
