// A quote from a table as a person reads it (the case screen, a notice): the row's cells under their column headers, never the reader's " | "
// joins. The page's text keeps each table line as cells joined by " | " (lib/documents: lines from item positions),
// so the headers are the first line of the block of table lines the quoted row belongs to. Pure.

/** The reader's separator between the cells of one line. */
export const CELL_SEPARATOR = " | ";

export interface TableQuote {
  /** The column headers above the row, one per cell; null when the row has none (or they do not line up). */
  headers: string[] | null;
  /** The quoted row's cells (one row; a quote over several lines gives one row per line). */
  rows: string[][];
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const cellsOf = (line: string) => line.split("|").map(squash);
const isTableLine = (line: string) => line.includes(CELL_SEPARATOR.trim()) && cellsOf(line).filter(Boolean).length >= 2;

/** The cells of a quote from a table ("CNS-LS | 08/29/2025 | 21" -> three cells); null for a quote that is no row. */
export function quoteCells(quote: string): string[] | null {
  if (!quote.includes("|")) return null;
  const cells = cellsOf(quote).filter(Boolean);
  return cells.length >= 2 ? cells : null;
}

/** Where the quote's first line is in the page's lines: the stored span's line, else the first line saying it. */
function quoteLineIndex(lines: string[], quote: string, spanStart: number | undefined): number {
  const first = squash(quote.split("\n")[0]);
  const says = (line: string) => squash(line).includes(first);
  if (spanStart !== undefined && spanStart >= 0) {
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      offset += lines[i].length + 1;
      if (spanStart < offset) {
        if (says(lines[i])) return i;
        break;
      }
    }
  }
  return lines.findIndex(says);
}

/**
 * The quote as a table: its rows of cells and, when the page's text has them, the column headers of its block (the
 * first table line above it with as many cells). Null when the quote is not from a table.
 */
export function tableQuote(pageText: string, quote: string, spanStart?: number): TableQuote | null {
  const quoteLines = quote.split("\n").map(squash).filter(Boolean);
  const rows = quoteLines.map((l) => cellsOf(l).filter(Boolean));
  if (!rows.length || rows.some((r) => r.length < 2)) return null;
  const lines = pageText.split("\n");
  const at = quoteLineIndex(lines, quote, spanStart);
  let headers: string[] | null = null;
  if (at > 0) {
    let top = at;
    while (top > 0 && isTableLine(lines[top - 1])) top--;
    if (top < at) {
      const candidate = cellsOf(lines[top]).filter(Boolean);
      if (candidate.length === rows[0].length) headers = candidate;
    }
  }
  return { headers, rows };
}

/** A text in pieces: its own words, and each quoted table row (“a | b | c”) it cites. */
export type TextPiece = { kind: "text"; text: string } | { kind: "table"; quote: string };

const QUOTED = /“([^”]+)”|"([^"]+)"/g;

/**
 * A text the engines wrote (a step's answer, a reasoning line, a notice's finding) with the table rows it quotes set
 * apart, so each can be shown as a row under its headers instead of cells joined by "|". The quote marks go with the row.
 */
export function splitTableQuotes(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(QUOTED)) {
    const quote = m[1] ?? m[2];
    if (!quoteCells(quote)) continue;
    if (m.index > last) pieces.push({ kind: "text", text: text.slice(last, m.index) });
    pieces.push({ kind: "table", quote });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces;
}

/** Whether a text quotes a table row. */
export const hasTableQuote = (text: string) => splitTableQuotes(text).some((p) => p.kind === "table");

/**
 * A quoted row as a table, its headers found on whichever of the case's pages has the row (the first page giving
 * headers wins); the cells alone when no page has it.
 */
export function tableOnPages(pages: readonly string[], quote: string): TableQuote {
  const first = squash(quote.split("\n")[0]);
  let found: TableQuote | null = null;
  for (const text of pages) {
    if (!squash(text).includes(first) && !text.split("\n").some((l) => squash(l).includes(first))) continue;
    const table = tableQuote(text, quote);
    if (table?.headers) return table;
    found ??= table;
  }
  return found ?? { headers: null, rows: quote.split("\n").map(squash).filter(Boolean).map((l) => cellsOf(l).filter(Boolean)) };
}

/** A table as words: "Instrument: CNS-LS, Date: 08/29/2025, Score: 21" (the cells alone without headers), rows by "; ". */
export function tableInWords(table: TableQuote): string {
  return table.rows.map((row) => row.map((cell, i) => (table.headers ? `${table.headers[i]}: ${cell}` : cell)).join(", ")).join("; ");
}

/** A text whose quoted table rows are written as words with their column headers, for a letter, where no table goes. */
export function tableQuotesInWords(text: string, pages: readonly string[]): string {
  return splitTableQuotes(text).map((p) => (p.kind === "text" ? p.text : `“${tableInWords(tableOnPages(pages, p.quote))}”`)).join("");
}
