// The rows of a table of drugs tried, under a heading row whose cells are not all labels the reader knows ("Drug
// Name | Dates taken & how long | Documented results, including intolerances"). Each row is one drug tried: the
// cell under the drug heading is its name, whatever the name (no stem or dose needed to know it is a drug); the
// cells under the other headings are its dates and how it went.
import type { FieldKind } from "./form-labels";
import { headingIndex } from "./heading-table";
import type { Line } from "@/lib/documents/layout/page-lines";
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

/** The field hits of one row of the table; none when the row has no drug cell (a heading's second line). */
export function readTrialTableRow(table: TrialTable, row: Line, section: TrialSection): FieldHit[] {
  const hits: FieldHit[] = [];
  row.cells.forEach((cell, k) => {
    const value = cell.text.replace(/\s+/g, " ").trim();
    if (!value) return;
    const start = cell.start + (cell.text.length - cell.text.trimStart().length);
    const span = { start, end: start + cell.text.trim().length };
    const index = headingIndex(table.heading.cells, row, cell, k);
    if (index < 0) return;
    const kind = index === table.drugColumn ? "drug" : trialColumnKind(table.heading.cells[index].text);
    if (!kind) return;
    hits.push({ kind, role: "trial", label: table.heading.cells[index].text.trim(), value, spans: [span], line: row.index, trial: section });
  });
  return hits.some((h) => h.kind === "drug") ? hits : [];
}
