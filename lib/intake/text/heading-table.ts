// A table under a row of column headings, read by where its cells sit: which heading a cell is under, a heading
// written on two lines ("Quantity / days" over "supply"), a row whose cells wrap onto the lines below it, and a cell
// typed past its column's edge into the next column ("... 60 mg capsule 30" where "30" sits under "Quantity").
// Used by the labelled-field reader (a request's drug table) and the trial-table reader (drugs tried).
import type { Cell, Line } from "@/lib/documents/layout/page-lines";

const known = (cells: Cell[]) => cells.every((c) => c.x0 !== null && c.x1 !== null);
const centre = (h: Cell) => (h.x1 !== null ? ((h.x0 as number) + h.x1) / 2 : (h.x0 as number));

/**
 * The heading cell a row's cell sits under: by position, else by index when both rows have as many cells. Headings
 * may be centred over left-aligned values ("      Drug      |    Dates    "): a column then starts halfway between
 * its heading's centre and the previous one's, or at its heading's left edge, whichever comes first; a cell that
 * starts left of the first heading belongs to it when it reaches under it. -1 when it is under none.
 */
export function headingIndex(headings: Cell[], row: Line, cell: Cell, k: number): number {
  if (cell.x0 !== null && headings.length && known(headings)) {
    const x = cell.x0;
    let index = -1;
    headings.forEach((h, j) => {
      const left = (h.x0 as number) - 15;
      const start = j === 0 ? left : Math.min(left, (centre(headings[j - 1]) + centre(h)) / 2);
      if (x >= start || (j === 0 && cell.x1 !== null && cell.x1 > (h.x0 as number))) index = j;
    });
    return index;
  }
  return row.cells.length === headings.length ? k : -1;
}

/** Words that carry a heading on: lower case, no digits, no colon ("supply", "date", "of therapy"). */
const HEADING_TAIL = /^[a-z][a-z/&'’ .()-]{0,30}$/;

/**
 * The heading texts when the line after a heading row is the headings' second line: every cell of it is a few
 * lower-case words under a heading of its own, by position. Null otherwise (a row of values, or no positions).
 */
export function wrappedHeadings(heading: Line, next: Line | undefined): string[] | null {
  if (!next || !known(heading.cells) || !known(next.cells)) return null;
  const cells = next.cells.filter((c) => c.text.trim());
  if (!cells.length) return null;
  const texts = heading.cells.map((c) => c.text.trim());
  const used = new Set<number>();
  for (const cell of cells) {
    if (!HEADING_TAIL.test(cell.text.trim())) return null;
    const index = heading.cells.findIndex((h) => Math.abs((h.x0 as number) - (cell.x0 as number)) <= 3);
    if (index < 0 || used.has(index)) return null;
    used.add(index);
    texts[index] = `${texts[index]} ${cell.text.trim()}`;
  }
  return texts;
}

/** A line standing for a heading row whose cells read `texts`, at the heading row's positions (offsets are the row's). */
export function headingLine(heading: Line, texts: string[]): Line {
  let offset = heading.start;
  const cells = heading.cells.map((c, i) => {
    const cell: Cell = { text: texts[i], start: offset, end: offset + texts[i].length, x0: c.x0, x1: c.x1 };
    offset += texts[i].length + 3;
    return cell;
  });
  return { index: heading.index, text: texts.join(" | "), start: heading.start, end: offset - 3, cells };
}

/** A cell that carries on the one above it: lower case, a digit or a bracket first, or the one above left open. */
const CARRIES_ON = /^[a-z0-9(µμ/–-]/;
const LEFT_OPEN = /(?:[(/,&–-]|\b(?:and|or|of|with|to|per|for|the|a|an))\s*$/i;

/**
 * The lines of the table row that starts at `first`: that line and the lines below it that carry its cells on.
 * A line carries the row on when each of its cells is under a heading that already has a cell in the row, and
 * either starts as the rest of a phrase does or follows a cell left open. A line that starts a cell of its own
 * under the first heading in capitals ("Humira 40 mg") is the next row.
 */
export function rowLines(lines: Line[], first: number, headings: Cell[], startsRow: (text: string) => boolean = () => false): number[] {
  const row = [first];
  if (!known(headings) || !lines[first] || !known(lines[first].cells)) return row;
  const last = new Map<number, string>();
  const place = (line: Line) => line.cells.filter((c) => c.text.trim()).map((c, k) => ({ cell: c, index: headingIndex(headings, line, c, k) }));
  for (const { cell, index } of place(lines[first])) if (index >= 0) last.set(index, cell.text.trim());
  for (let j = first + 1; j < lines.length; j++) {
    const line = lines[j];
    if (!line.text.trim() || !known(line.cells)) break;
    const placed = place(line);
    const continues = placed.every(({ cell, index }) => {
      const above = last.get(index);
      const text = cell.text.trim();
      if (above === undefined || (index === 0 && startsRow(text))) return false;
      return CARRIES_ON.test(text) || LEFT_OPEN.test(above);
    });
    if (!continues || new Set(placed.map((p) => p.index)).size !== placed.length) break;
    for (const { cell, index } of placed) last.set(index, cell.text.trim());
    row.push(j);
  }
  return row;
}

/**
 * The cells of a row line, with a cell typed past its column's right edge split where its last words sit under the
 * next heading: only a number there ("capsule 30" running under "Quantity") is split off, since a long name or
 * sentence simply runs on.
 */
export function cellsByHeading(headings: Cell[], line: Line): Cell[] {
  if (!known(headings) || !known(line.cells)) return line.cells;
  const out: Cell[] = [];
  for (const cell of line.cells) {
    const x0 = cell.x0 as number;
    const x1 = cell.x1 as number;
    const next = headings.find((h) => (h.x0 as number) > x0 + 15 && (h.x0 as number) < x1);
    const tail = /\s(\d[\d.,]*(?:\s?[A-Za-z]{1,12})?)\s*$/.exec(cell.text);
    if (!next || !tail || line.cells.some((c) => c !== cell && Math.abs((c.x0 as number) - (next.x0 as number)) <= 15)) {
      out.push(cell);
      continue;
    }
    const at = tail.index + 1;
    const width = (x1 - x0) / Math.max(1, cell.text.length);
    const tailX = x0 + at * width;
    if (tailX < (next.x0 as number) - 15) {
      out.push(cell);
      continue;
    }
    const head = cell.text.slice(0, tail.index).trimEnd();
    out.push({ text: head, start: cell.start, end: cell.start + head.length, x0, x1: x0 + head.length * width });
    out.push({ text: tail[1], start: cell.start + at, end: cell.start + at + tail[1].length, x0: tailX, x1 });
  }
  return out;
}
