// Tables from positioned lines: a header row names the columns (vocabulary columnHeadings) and each cell belongs to
// the column it overlaps; a row starts on a line with a tier cell (tables with a tier column) or with a cell at its
// first column's left edge (continuation lines are indented or lack that column); lines that fit no column (a
// category heading, a paragraph) end the row. Lists the codes point to ("Quantity Limitation List", "Step Therapy
// Criteria") are tables under their heading. A drug list without a header row is read from its rows' own cells.
import type { Quote } from "../../types";
import { nonAsciiShare, type Cell, type Line } from "./page-lines";
import { parseRequirementCell } from "./requirement-cell";
import { columnOfHeading, listOfHeading, MARKER_CELL, MAX_NON_ASCII_SHARE, TIER_CELL, type ColumnKind, type ListKind } from "./vocabulary";

export type Kind = ColumnKind | "code";

export interface Column {
  kind: Kind;
  x0: number;
  x1: number;
}

export interface RowPart {
  line: Line;
  cell: number;
}

export interface TableRow {
  page: number;
  lines: Line[];
  parts: Map<Kind, RowPart[]>;
  /** The list a row belongs to (under a list heading), or null for the drug list itself. */
  list: ListKind | null;
  /** The category headings above the row, nearest last ("ACE INHIBITORS", "Monophasic Oral Contraceptives"). */
  headings: string[];
}

const TOLERANCE = 3.5;

/** The columns a header line names, when at least two of its cells are column headings. */
export function headerColumns(line: Line): Column[] | null {
  if (!headerCache.has(line)) headerCache.set(line, headerColumnsOf(line));
  return headerCache.get(line) ?? null;
}

const headerCache = new WeakMap<Line, Column[] | null>();

function headerColumnsOf(line: Line): Column[] | null {
  if (line.cells.length < 2) return null;
  const kinds = line.cells.map((c) => columnOfHeading(c.text));
  if (kinds.filter(Boolean).length < 2) return null;
  if (kinds.some((k) => k === null)) return null;
  return line.cells.map((c, i) => ({ kind: kinds[i] as Kind, x0: c.x0, x1: c.x1 }));
}

const overlap = (c: { x0: number; x1: number }, col: Column) => Math.min(c.x1, col.x1) - Math.max(c.x0, col.x0);
const distance = (c: { x0: number; x1: number }, col: Column) => Math.max(col.x0 - c.x1, c.x0 - col.x1, 0);

function assign(columns: readonly Column[], cell: Cell): number {
  let best = 0;
  for (let i = 1; i < columns.length; i++) {
    const a = overlap(cell, columns[i]);
    const b = overlap(cell, columns[best]);
    if (a > b || (a === b && distance(cell, columns[i]) < distance(cell, columns[best]))) best = i;
  }
  return best;
}

/** A cell that is a code list or a code with its criterion; in a table without a header, not a name that opens with a code's letters. */
export function isCodeCell(text: string, extraCodes: readonly string[], strict: boolean): boolean {
  const parsed = parseRequirementCell(text, extraCodes);
  if (!parsed) return false;
  if (!strict || parsed.pureCodes) return true;
  const first = parsed.items[0];
  const after = text.replace(/^[•●▪■\s]+/, "").slice(first.code.length);
  return !/^\s+[a-z]/.test(after);
}

export const isGarbled = (text: string) => nonAsciiShare(text) > MAX_NON_ASCII_SHARE;

interface Placed {
  kind: Kind;
  cell: number;
  /** Left edge for alignment: a marker cell ("•") just before a cell is where that cell's column starts. */
  x0: number;
  x1: number;
}

class TableState {
  readonly columns: Column[] | null;
  readonly list: ListKind | null;
  readonly rows: TableRow[] = [];
  current: TableRow | null = null;
  /** The open row came from the page before (its table header repeats on this page). */
  private carried = false;
  /** Lines that fit no column came after the open row on its page: only the next page may continue it. */
  private suspended = false;
  private headings: string[] = [];
  private countsPage = -1;
  private readonly starts = new Map<Kind, Map<number, number>>();

  constructor(columns: Column[] | null, list: ListKind | null) {
    this.columns = columns;
    this.list = list;
  }

  get hasTier() {
    return Boolean(this.columns?.some((c) => c.kind === "tier"));
  }

  place(line: Line, extraCodes: readonly string[]): Placed[] {
    const out: Placed[] = [];
    let markerX: number | null = null;
    line.cells.forEach((cell, i) => {
      if (MARKER_CELL.test(cell.text)) {
        markerX = cell.x0;
        return;
      }
      const x0 = markerX !== null && cell.x0 - markerX < 40 ? markerX : cell.x0;
      markerX = null;
      let kind: Kind;
      if (this.columns) {
        kind = this.columns[assign(this.columns, cell)].kind;
        if (kind === "name" && i === 0 && line.cells.length > 1 && isCodeCell(cell.text, extraCodes, true) && parseRequirementCell(cell.text, extraCodes)?.pureCodes) kind = "code";
      } else if (isCodeCell(cell.text, extraCodes, true)) kind = "code";
      else if (TIER_CELL.test(cell.text)) kind = "tier";
      else if (this.current && this.rowColumns(this.current).filter((c) => c.kind !== "code").length) {
        // Without a header, the open row's own cells are the columns (a wrapped brand is a brand, not a name).
        const columns = this.rowColumns(this.current).filter((c) => c.kind !== "code");
        kind = columns[assign(columns, cell)].kind;
        if (kind === "name" && out.some((p) => p.kind === "name")) kind = "brand";
      } else kind = out.some((p) => p.kind === "name") ? "brand" : "name";
      out.push({ kind, cell: i, x0, x1: cell.x1 });
    });
    return out;
  }

  /** Where rows start in a column: the most common left edge of row-starting cells (the header's edge counts twice until rows outnumber it). */
  private startX(kind: Kind, seeded: boolean): number | null {
    const counts = new Map(this.starts.get(kind) ?? []);
    const header = this.columns?.find((c) => c.kind === kind);
    if (seeded && header) counts.set(Math.round(header.x0), (counts.get(Math.round(header.x0)) ?? 0) + 2);
    if (!counts.size) return header && !seeded ? header.x0 : null;
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  }

  private count(placed: readonly Placed[]) {
    for (const p of placed) {
      const counts = this.starts.get(p.kind) ?? new Map<number, number>();
      const key = Math.round(p.x0);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      this.starts.set(p.kind, counts);
    }
  }

  private firstKind(): Kind {
    return this.columns ? this.columns[0].kind : "name";
  }

  private isNewRow(placed: readonly Placed[], line: Line): boolean {
    if (!placed.length) return false;
    if (this.hasTier) return placed.some((p) => p.kind === "tier") && placed.some((p) => p.kind === "name");
    const first = this.firstKind();
    const lead = placed.find((p) => p.kind === first || p.kind === "code");
    if (!lead) return false;
    if (!this.columns) {
      // Without a header: a row opens with its codes, or with a name where this page's rows start theirs (a line
      // left of that is a category heading, one right of it a wrapped name).
      const start = this.startX(lead.kind, false);
      if (lead.kind === "code") return start === null || Math.abs(lead.x0 - start) <= TOLERANCE;
      return start !== null && Math.abs(lead.x0 - start) <= TOLERANCE;
    }
    const start = this.startX(lead.kind, true);
    if (start !== null && lead.x0 > start + TOLERANCE) return false;
    if (this.list) {
      const desc = placed.find((p) => p.kind === "requirements" || p.kind === "step_criteria");
      if (!desc) return false;
      if (/^[a-z]/.test(line.cells[desc.cell].text)) return false;
    }
    return true;
  }

  /** The row's column regions: from the end of the column before to the start of the column after. */
  private fits(placed: readonly Placed[], line: Line): boolean {
    const row = this.current;
    if (!row || !placed.length) return false;
    const columns = this.columns ?? this.rowColumns(row);
    for (const p of placed) {
      const index = columns.findIndex((c) => c.kind === p.kind);
      if (index < 0) return false;
      const left = index > 0 ? columns[index - 1].x1 : -Infinity;
      const right = index + 1 < columns.length ? columns[index + 1].x0 : Infinity;
      const cell = line.cells[p.cell];
      if (cell.x0 < left - TOLERANCE || cell.x1 > right + TOLERANCE) return false;
      const start = this.startX(p.kind, false);
      if (start !== null && p.x0 < start - TOLERANCE) return false;
      // In a drug table with a tier column a wrapped name sits under the name; an indented line there is a category
      // heading ("ANTICONVULSANTS"), unless the name so far leaves a parenthesis open.
      if (this.hasTier && p.kind === "name" && start !== null && p.x0 > start + TOLERANCE) {
        const name = (row.parts.get("name") ?? []).map((q) => q.line.cells[q.cell].text).join(" ");
        if ((name.match(/\(/g) ?? []).length <= (name.match(/\)/g) ?? []).length) return false;
      }
      if (!this.columns) {
        // Without a header, a wrapped name is indented under its column (a wrapped brand list need not be); a bare
        // code list takes no more text.
        const own = row.parts.get(p.kind)?.[0];
        if (own && p.x0 <= own.line.cells[own.cell].x0 + 1 && p.kind === "name") return false;
        if (p.kind === "code") {
          const first = row.parts.get("code")?.[0];
          const text = first ? first.line.cells[first.cell].text : "";
          if (parseRequirementCell(text)?.pureCodes) return false;
        }
      }
    }
    return true;
  }

  private rowColumns(row: TableRow): Column[] {
    const first = row.lines[0];
    return [...row.parts.entries()]
      .map(([kind, parts]) => ({ kind, part: parts.find((p) => p.line === first) }))
      .filter((c): c is { kind: Kind; part: RowPart } => Boolean(c.part))
      .map(({ kind, part }) => ({ kind, x0: part.line.cells[part.cell].x0, x1: part.line.cells[part.cell].x1 }))
      .sort((a, b) => a.x0 - b.x0);
  }

  /** Takes a line: "row" (a new row), "continued" (more of the current row) or "other" (it ends the row). */
  take(line: Line, extraCodes: readonly string[]): "row" | "continued" | "other" {
    // Without a header, where rows start is learnt page by page (a book's lists sit at other positions).
    if (!this.columns && line.page !== this.countsPage) {
      this.starts.clear();
      this.countsPage = line.page;
    }
    const placed = this.place(line, extraCodes);
    if (this.isNewRow(placed, line)) {
      this.close();
      this.count(placed);
      const parts = new Map<Kind, RowPart[]>();
      for (const p of placed) parts.set(p.kind, [...(parts.get(p.kind) ?? []), { line, cell: p.cell }]);
      this.current = { page: line.page, lines: [line], parts, list: this.list, headings: [...this.headings] };
      this.carried = false;
      this.suspended = false;
      return "row";
    }
    const last = this.current?.lines[this.current.lines.length - 1];
    const samePage = last?.page === line.page;
    if (this.current && ((samePage && !this.suspended) || this.carried) && this.fits(placed, line)) {
      this.carried = false;
      for (const p of placed) this.current.parts.set(p.kind, [...(this.current.parts.get(p.kind) ?? []), { line, cell: p.cell }]);
      this.current.lines.push(line);
      return "continued";
    }
    // A heading or a footer after a page's last row leaves the row open for the next page's top lines (its header
    // repeats there); anything else ends it.
    if (this.current && samePage && !this.carried) this.suspended = true;
    else this.close();
    if (line.cells.length === 1 && /[A-Za-z]{3}/.test(line.text) && line.text.length <= 80) this.headings = [...this.headings.slice(-2), line.text.trim()];
    return "other";
  }

  close() {
    if (this.current) this.rows.push(this.current);
    this.current = null;
    this.carried = false;
    this.suspended = false;
  }

  /** The open row, handed over to the next page's table (not yet closed). */
  release(): TableRow | null {
    const row = this.current;
    this.current = null;
    return row;
  }

  /** Continues a row from the page before: lines at the top of this page that fit no new row continue it. */
  carry(row: TableRow, from: TableState) {
    this.current = row;
    this.carried = true;
    this.suspended = false;
    for (const [kind, counts] of from.starts) this.starts.set(kind, new Map(counts));
  }

  sameColumns(other: readonly Column[] | null): boolean {
    const mine = this.columns;
    if (!mine || !other || mine.length !== other.length) return false;
    return mine.every((c, i) => c.kind === other[i].kind && Math.abs(c.x0 - other[i].x0) <= TOLERANCE && Math.abs(c.x1 - other[i].x1) <= TOLERANCE);
  }
}

export interface DocumentTables {
  /** Rows of the drug list (with or without requirement codes). */
  drugRows: TableRow[];
  /** Rows of the lists the codes point to, by list. */
  lists: Map<ListKind, TableRow[]>;
}

const isSingleCell = (line: Line) => line.cells.length === 1;

/** Reads the drug list and the code lists of a document's lines (boilerplate skipped). */
export function readTables(lines: readonly Line[], extraCodes: readonly string[]): DocumentTables {
  const lists = new Map<ListKind, TableRow[]>();
  const drugRows: TableRow[] = [];
  let drugs = new TableState(null, null);
  let list: TableState | null = null;
  let pendingList: ListKind | null = null;
  let headerPage = -1;
  const headerPages = new Set(lines.filter((l) => headerColumns(l)).map((l) => l.page));
  const finishList = () => {
    if (!list) return;
    list.close();
    lists.set(list.list as ListKind, [...(lists.get(list.list as ListKind) ?? []), ...list.rows]);
    list = null;
  };
  for (const line of lines) {
    // A running header row is boilerplate, yet it names the columns of its page.
    if (line.boilerplate && !headerColumns(line)) continue;
    const heading = isSingleCell(line) ? listOfHeading(line.text) : null;
    if (heading) {
      finishList();
      drugs.close();
      pendingList = heading.list;
      continue;
    }
    const columns = headerColumns(line);
    if (columns) {
      if (pendingList) {
        list = new TableState(columns, pendingList);
        pendingList = null;
        continue;
      }
      finishList();
      if (columns.some((c) => c.kind === "name") && columns.some((c) => c.kind === "tier" || c.kind === "requirements")) {
        // The same header on the next page: a row left open at the page's end may continue under it.
        const previous = drugs;
        const open = drugs.sameColumns(columns) && line.page !== headerPage ? drugs.release() : null;
        drugs.close();
        drugRows.push(...drugs.rows);
        drugs = new TableState(columns, null);
        if (open) drugs.carry(open, previous);
        headerPage = line.page;
      }
      continue;
    }
    pendingList = null;
    if (list) {
      const taken = (list as TableState).take(line, extraCodes);
      if (taken !== "other") continue;
      finishList();
    }
    // A header's columns hold on its page and the pages after it until another header or a page without one.
    if (drugs.columns && line.page !== headerPage && !headerPages.has(line.page)) {
      drugs.close();
      drugRows.push(...drugs.rows);
      drugs = new TableState(null, null);
    } else if (drugs.columns && line.page !== headerPage) headerPage = line.page;
    drugs.take(line, extraCodes);
  }
  finishList();
  drugs.close();
  drugRows.push(...drugs.rows);
  return { drugRows, lists };
}

/** The text of a row's column (its cells over wrapped lines, joined). */
export function columnText(row: TableRow, kind: Kind): string {
  return (row.parts.get(kind) ?? []).map((p) => p.line.cells[p.cell].text).join(" ").replace(/\s+/g, " ").trim();
}

/** Each line's cell of a column, one item a line ("Metformin" / "Actos" in a First Line column). */
export function columnItems(row: TableRow, kind: Kind): string[] {
  return (row.parts.get(kind) ?? []).map((p) => p.line.cells[p.cell].text.trim()).filter(Boolean);
}

/**
 * A verbatim quote of a row from one column's first cell to another's last cell (on the row's first page): the
 * page's own text, other columns' cells of wrapped lines included, so it is a substring of the page.
 */
export function spanQuote(row: TableRow, from: Kind | null, to: Kind, page: number = row.page): Quote | null {
  const end = (row.parts.get(to) ?? []).filter((p) => p.line.page === page);
  const start = from ? (row.parts.get(from) ?? []).find((p) => p.line.page === page) : { line: row.lines.find((l) => l.page === page)!, cell: 0 };
  const last = end[end.length - 1];
  if (!start?.line || !last) return null;
  const lines = row.lines.filter((l) => l.page === page);
  const a = lines.indexOf(start.line);
  const b = lines.indexOf(last.line);
  if (a < 0 || b < a) return null;
  const pieces: string[] = [];
  for (let i = a; i <= b; i++) {
    const cells = lines[i].cells.map((c) => c.text);
    const lo = i === a ? start.cell : 0;
    const hi = i === b ? last.cell : cells.length - 1;
    pieces.push(cells.slice(lo, hi + 1).join(" | "));
  }
  return { page, text: pieces.join(" ").replace(/\s+/g, " ").trim() };
}

/** Pages a row runs over (a row continued past a page break: its first page, then the next). */
export const rowPages = (row: TableRow) => [...new Set(row.lines.map((l) => l.page))];
