// The rows of a table of drugs tried, under a heading row whose cells are not all labels the reader knows ("Drug
// Name | Dates taken & how long | Documented results, including intolerances"). Each row is one drug tried: the
// cell under the drug heading is its name, whatever the name (no stem or dose needed to know it is a drug); the
// cells under the other headings are its dates and how it went.
import type { FieldKind } from "./form-labels";
import type { Cell, Line } from "./page-lines";
import type { FieldHit, TrialSection } from "./read-labelled-fields";

export interface TrialTable {
  heading: Line;
  /** Index of the drug heading among the heading row's cells. */
  drugColumn: number;
}

const DATES = /\b(?:dates?|duration|how long|length|when)\b/i;
const OUTCOME = /\b(?:results?|response|outcome|reasons?|reactions?|side effects?|adverse|intoleran\w*|discontinu\w*)\b/i;

/** What a column of the table holds, by its heading's words: when and how long, or how it went. */
export function trialColumnKind(heading: string): FieldKind | null {
  if (DATES.test(heading)) return "trialDates";
  if (OUTCOME.test(heading)) return "trialOutcome";
  return null;
}

/**
 * The heading cell a row's cell sits under: by position, else by index when both rows have as many cells. Headings
 * may be centred over left-aligned values ("      Drug      |    Dates    "): a column then starts halfway between
 * its heading's centre and the previous one's, or at its heading's left edge, whichever comes first; a cell that
 * starts left of the first heading belongs to it when it reaches under it.
 */
function headingIndex(table: TrialTable, row: Line, cell: Cell, k: number): number {
  const headings = table.heading.cells;
  if (cell.x0 !== null && headings.every((h) => h.x0 !== null)) {
    const x = cell.x0;
    const centre = (h: Cell) => (h.x1 !== null ? ((h.x0 as number) + h.x1) / 2 : (h.x0 as number));
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

/** The field hits of one row of the table; none when the row has no drug cell (a heading's second line). */
export function readTrialTableRow(table: TrialTable, row: Line, section: TrialSection): FieldHit[] {
  const hits: FieldHit[] = [];
  row.cells.forEach((cell, k) => {
    const value = cell.text.replace(/\s+/g, " ").trim();
    if (!value) return;
    const start = cell.start + (cell.text.length - cell.text.trimStart().length);
    const span = { start, end: start + cell.text.trim().length };
    const index = headingIndex(table, row, cell, k);
    if (index < 0) return;
    const kind = index === table.drugColumn ? "drug" : trialColumnKind(table.heading.cells[index].text);
    if (!kind) return;
    hits.push({ kind, role: "trial", label: table.heading.cells[index].text.trim(), value, spans: [span], line: row.index, trial: section });
  });
  return hits.some((h) => h.kind === "drug") ? hits : [];
}
