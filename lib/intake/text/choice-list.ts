// A label over a printed list of choices ("Medication requested:" over one line per strength, then "Other (please
// specify): ___"). The readers lose check box glyphs that are drawn rather than typed, so which printed choice was
// marked cannot be told; what the prescriber wrote after "Other" can.
import type { Line } from "@/lib/documents/layout/page-lines";

export interface ChoiceListValue {
  value: string;
  start: number;
  end: number;
}

const BOXES = "[\\s❑☐☑☒■□▪•●○]*";
const OTHER = new RegExp(`^${BOXES}other\\b[^:：|]{0,40}[:：]\\s*(?:\\|\\s*)?`, "i");
/** A line a list item cannot be: a label with a colon, a question. */
const NOT_ITEM = /[:：?]/;

/** The lines right below line i that form a printed list: two or more lines starting at one x, none with a colon. */
function listItems(lines: Line[], i: number): Line[] {
  const items: Line[] = [];
  for (let j = i + 1; j < lines.length && items.length < 15; j++) {
    const line = lines[j];
    if (!line.text.trim() || NOT_ITEM.test(line.text)) break;
    const x = line.cells[0].x0;
    const x0 = items[0]?.cells[0].x0;
    if (items.length && (x === null || x0 === null || x0 === undefined || Math.abs(x - x0) > 3)) break;
    items.push(line);
  }
  return items;
}

/**
 * Below line i, a list of printed choices: `isList` when there is one (then no single line below is the value), and
 * the value written after a closing "Other ...:" at the list's x, if any.
 */
export function readChoiceList(lines: Line[], i: number): { isList: boolean; written: ChoiceListValue | null } {
  const items = listItems(lines, i);
  if (items.length < 2) return { isList: false, written: null };
  const after = lines[i + 1 + items.length];
  const m = after ? OTHER.exec(after.text) : null;
  const x0 = items[0].cells[0].x0;
  const x = after?.cells[0].x0 ?? null;
  if (!after || !m || (x0 !== null && x !== null && Math.abs(x - x0) > 3)) return { isList: true, written: null };
  const raw = after.text.slice(m[0].length);
  const value = raw.replace(/\s*\|\s*/g, " ").trim();
  if (!/[A-Za-z0-9]/.test(value) || value.length > 120) return { isList: true, written: null };
  const start = after.start + m[0].length + (raw.length - raw.trimStart().length);
  return { isList: true, written: { value, start, end: after.start + after.text.trimEnd().length } };
}
