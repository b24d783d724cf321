// A page's text as lines and cells with their character offsets in the page, plus where each cell sits on the page
// when the reader recorded it (PDF `layout`). Offsets are what evidence spans point at.
import type { PageLayout } from "./page-layout";

export interface Cell {
  text: string;
  /** [start, end) in the page text. */
  start: number;
  end: number;
  /** Horizontal extent on the page (pt), when known. */
  x0: number | null;
  x1: number | null;
}

export interface Line {
  index: number;
  text: string;
  start: number;
  end: number;
  cells: Cell[];
}

export const CELL_SEPARATOR = " | ";

/** Longest line looked at by the pattern matchers: longer ones are cut, so a hostile page cannot stall them. */
export const MAX_LINE = 4000;

export function pageLines(page: { text: string; layout?: PageLayout }): Line[] {
  const lines: Line[] = [];
  let start = 0;
  const raw = page.text.split("\n");
  raw.forEach((rawText, index) => {
    const text = rawText.length > MAX_LINE ? rawText.slice(0, MAX_LINE) : rawText;
    const positions = page.layout?.lines[index];
    const parts = text.split(CELL_SEPARATOR);
    const known = positions !== undefined && positions.length === parts.length;
    let offset = start;
    const cells: Cell[] = parts.map((part, i) => {
      const cell: Cell = { text: part, start: offset, end: offset + part.length, x0: known ? positions[i][0] : null, x1: known ? positions[i][1] : null };
      offset += part.length + CELL_SEPARATOR.length;
      return cell;
    });
    lines.push({ index, text, start, end: start + text.length, cells });
    start += rawText.length + 1;
  });
  return lines;
}

/** Where on the page (pt) the character at `offset` of the line sits, when the layout is known. */
export function xAt(line: Line, offset: number): number | null {
  const cell = line.cells.find((c) => offset >= c.start && offset <= c.end) ?? null;
  if (!cell || cell.x0 === null || cell.x1 === null) return null;
  const share = cell.end > cell.start ? (offset - cell.start) / (cell.end - cell.start) : 0;
  return cell.x0 + share * (cell.x1 - cell.x0);
}
