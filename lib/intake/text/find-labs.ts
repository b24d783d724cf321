// Lab results from report pages: tables with a result column ("Test | Result | Reference range") and "Name: value
// unit" lines on pages that are lab reports. Values are kept as written, with their unit when one is given. A table
// goes on over page breaks: its header is printed once, so the rows of the next page are read under it.
import { findDates, type DateOptions } from "@/lib/lexicon/dates";
import { isDosing, isSchedule, isVital, KNOWN_UNIT, nameContinuation, RANGE, RANGE_WITH_UNIT, VALUE, WORD_VALUE } from "./lab-rows";
import { inlineLabs } from "./inline-labs";
import type { Cell, Line } from "@/lib/documents/layout/page-lines";

type Span = { start: number; end: number };

export interface LabHit {
  name: string;
  value: string;
  unit: string | null;
  date: string | null;
  /** The name's parts: one, or two and more when the name wrapped onto the lines below its row. */
  nameSpans: Span[];
  valueSpan: Span;
}

/** Where a table's result column is: its index among the header's cells, and its left edge when known. */
export interface LabTable {
  result: number;
  count: number;
  resultX: number | null;
  /** The report's date, for rows on the pages after the one that states it. */
  date?: string | null;
  /** The date heading the result column, when the column is headed by a date. */
  columnDate?: string;
}

export interface PageLabs {
  labs: LabHit[];
  /** The table still open at the page's end (its last row is among the page's last lines), for the next page. */
  openTable: LabTable | null;
}

const RESULT_HEADER =
  /^(?:results?|value|values|your (?:result|value)|observed|measured|finding|lab values?|patient (?:result|value)s?|test results?|result values?|current(?: result| value)?|results? ?\(?units?\)?|results?\s*\/\s*units?)$/i;
const OTHER_HEADER =
  /^(?:(?:normal|reference|standard|expected)(?: (?:range|interval|values?|limits))?|range|units?|flags?|ref(?:erence)?\.? (?:range|interval|values?)|normal values?|comments?)$/i;
const NAME_HEADER = /^(?:parameter|tests?|lab tests?|analyte|component|test name|lab|lab name|name|investigation|description|marker)$/i;
const LAB_PAGE = /\b(?:laborator(?:y|ies)|lab(?:s| results| work| report| values)|chemistry|hematology|cbc|metabolic panel|blood (?:work|count))\b/i;
/** Lines after a table's last row that may still end the page without closing the table (wrapped units, a heading). */
const OPEN_TAIL = 3;

function pageDate(lines: Line[], opts: DateOptions): string | null {
  for (const line of lines.slice(0, 12)) {
    if (!/\b(?:labs?|laborator\w*|collected|drawn|results?|work ?up|report|date)\b/i.test(line.text)) continue;
    const date = findDates(line.text, opts)[0];
    if (date) return date.iso;
  }
  return null;
}

/** Lab values on one page (none when the page is not a lab report and no table goes on from the page before). */
export function findLabs(lines: Line[], opts: DateOptions = {}, carried: LabTable | null = null): PageLabs {
  const text = lines.map((l) => l.text).join("\n");
  const labPage = LAB_PAGE.test(text.slice(0, 2000));
  // A table without a header row is read only on a page titled as a lab report (not a form that asks for labs).
  const titled = lines.slice(0, 5).some((l) => LAB_PAGE.test(l.text) && l.text.length < 50 && !/[.?:]\s*$/.test(l.text));
  if (!labPage && !carried && !lines.some((l) => isHeader(l) !== null)) return { labs: [], openTable: null };
  // The report's date is stated above its table: a date below it belongs to the next report on the page.
  const tableAt = lines.findIndex((l) => isHeader(l) !== null || (titled && headerlessRow(l) !== null));
  const date = pageDate(tableAt >= 0 ? lines.slice(0, tableAt) : lines, opts) ?? carried?.date ?? null;
  const labs: LabHit[] = [];
  let table = carried;
  let lastRow = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const header = isHeader(line, opts);
    if (header) {
      table = header;
      continue;
    }
    // A report that prints no header row: "Name | value | reference range" rows on a lab page.
    if (!table && titled) table = headerlessRow(line);
    if (table && line.cells.length >= 2) {
      const row = tableRow(line, lines[i + 1], table);
      if (!row) continue;
      const { nameCell, ...found } = row;
      const hit: LabHit = { ...found, date: table.columnDate ?? date, nameSpans: [{ start: nameCell.start, end: nameCell.end }] };
      // A name that wrapped: "Mean Corpuscular" / "Hemoglobin (MCH)".
      let cell: Cell = nameCell;
      while (hit.nameSpans.length < 3) {
        const part = nameContinuation(hit.name, cell, lines[i + 1]);
        if (!part) break;
        hit.name = `${hit.name} ${part.text.trim()}`;
        hit.nameSpans.push({ start: part.start, end: part.end });
        cell = part;
        i += 1;
      }
      if (isVital(hit.name) || isSchedule(hit.name)) continue;
      labs.push(hit);
      lastRow = i;
      continue;
    }
    const listed = inlineLabs(line, date, opts);
    if (listed.length) {
      labs.push(...listed);
      continue;
    }
    const colon = colonLab(line, labPage, date);
    if (colon) labs.push(colon);
  }
  return { labs, openTable: table && lines.length - 1 - lastRow <= OPEN_TAIL ? { ...table, date } : null };
}

/** A table row under `table`: the name cell, and the value read from the cell in the result column. */
function tableRow(line: Line, next: Line | undefined, table: LabTable): (Omit<LabHit, "date" | "nameSpans"> & { nameCell: Cell }) | null {
  const split = nameIntoResult(line.cells[0], table);
  const cells = split ? [split.name, split.result, ...line.cells.slice(1)] : line.cells;
  const nameCell = cells[0];
  if (!/^[A-Za-z]/.test(nameCell.text)) return null;
  // The result cell: the cell under the header's result column (by position when known, else by index from the left).
  let resultCell = table.resultX !== null ? cells.slice(1).find((c) => c.x0 !== null && c.x1 !== null && Math.abs(c.x0 - (table.resultX as number)) < 45) : undefined;
  if (!resultCell && cells.length === table.count) resultCell = cells[table.result];
  resultCell ??= resultAfterRange(cells, table);
  if (!resultCell || resultCell === nameCell) return null;
  const raw = resultCell.text.trim();
  // A row that only carries wrapped units ("Count | 10^9/L | 10^9/L") is the end of the row above.
  if (/^\s*(?:x\s*)?10\^/.test(raw) || KNOWN_UNIT.test(raw)) return null;
  const lead = Math.max(0, resultCell.text.indexOf(raw));
  const word = WORD_VALUE.exec(raw);
  if (word) {
    const valueSpan = { start: resultCell.start + lead, end: resultCell.start + lead + word[0].length };
    return { name: nameCell.text.trim(), value: word[1], unit: null, nameCell, valueSpan };
  }
  const m = VALUE.exec(raw);
  if (!m) return null;
  let unit: string | null = m[2] ?? null;
  if (unit && /^x$/i.test(unit)) unit = null;
  // "9.0 L g/dL", "212 H": a high/low flag printed after the value is not its unit.
  if (unit && /^(?:H|L|HH|LL|A)$/.test(unit)) unit = KNOWN_UNIT.exec(raw.slice(m[0].length).trim().split(/\s+/)[0] ?? "")?.[0] ?? null;
  if (!unit || /^x\s*$/.test(raw.slice(m[1].length).trim())) unit = unitBelow(next, resultCell) ?? unit;
  const valueSpan = { start: resultCell.start + lead, end: resultCell.start + lead + m[0].length };
  // "36% - 44%": a range's first unit is the unit of both ends.
  return { name: nameCell.text.trim(), value: m[1].replace(/[\s%]+/g, ""), unit: unit?.trim() || null, nameCell, valueSpan };
}

/**
 * A range cell that ran into the result column ("ALP | 44 - 147 U/L 150 U/L" under "Test | Normal | Results"): the
 * cell spans the result column's edge, and what follows its range is the result.
 */
function resultAfterRange(cells: Cell[], table: LabTable): Cell | undefined {
  const x = table.resultX;
  if (x === null) return undefined;
  const merged = cells.slice(1).find((c) => c.x0 !== null && c.x1 !== null && c.x0 < x - 45 && c.x1 > x);
  const range = merged ? RANGE_WITH_UNIT.exec(merged.text) : null;
  if (!merged || !range || !VALUE.test(merged.text.slice(range[0].length))) return undefined;
  return { ...merged, text: merged.text.slice(range[0].length), start: merged.start + range[0].length, x0: x };
}

/**
 * A name cell that ran into the result column ("IGF-1 (SOMATOMEDIN C), LC/MS 612 ng/mL" under "Test | Result"): the
 * printer left too narrow a gap for a cell of its own. The value is the number that starts where the result column
 * does (by the characters' share of the cell's width), followed by nothing but its unit and flag.
 */
function nameIntoResult(cell: Cell, table: LabTable): { name: Cell; result: Cell } | null {
  const x = table.resultX;
  if (x === null || cell.x0 === null || cell.x1 === null || cell.x1 <= x || cell.x0 >= x - 45) return null;
  const width = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
  for (const m of cell.text.matchAll(/\s+(?=[<>≤≥]?\d)/g)) {
    const at = (m.index ?? 0) + m[0].length;
    if (Math.abs(cell.x0 + at * width - x) > 45) continue;
    const rest = cell.text.slice(at);
    const value = VALUE.exec(rest);
    if (!value || !/^\s*(?:(?:H|L|HH|LL|A|High|Low)\b\s*)?$/.test(rest.slice(value[0].length))) continue;
    const nameText = cell.text.slice(0, m.index).trimEnd();
    if (!/[A-Za-z]/.test(nameText)) continue;
    return {
      name: { ...cell, text: nameText, end: cell.start + nameText.length, x1: cell.x0 + nameText.length * width },
      result: { ...cell, text: rest, start: cell.start + at, x0: cell.x0 + at * width },
    };
  }
  return null;
}

/** "Hemoglobin | 9.0 g/dL | 11.5 - 15.5 g/dL" without a header: a value in the second cell, a range after it. */
function headerlessRow(line: Line): LabTable | null {
  const cells = line.cells.map((c) => c.text.trim());
  if (cells.length < 3 || !/^[A-Za-z]/.test(cells[0]) || !VALUE.test(cells[1]) || KNOWN_UNIT.test(cells[1])) return null;
  if (!cells.slice(2).some((c) => RANGE.test(c))) return null;
  return { result: 1, count: cells.length, resultX: line.cells[1].x0 };
}

/** "● Neutrophils: 55% (absolute: 3.6 x 10^9/L)" on a lab page. */
function colonLab(line: Line, labPage: boolean, date: string | null): LabHit | null {
  const colon = /^[\s●•○▪*-]*([A-Z][A-Za-z0-9 ()\-/,]{1,40}?):\s*([<>]?\d+(?:\.\d+)?)\s*([A-Za-z%µμ/^0-9.]+)?/.exec(line.text);
  if (!colon || !labPage || (colon[3] && !KNOWN_UNIT.test(colon[3]) && colon[3] !== "%")) return null;
  if (isVital(colon[1]) || isDosing(colon[1], colon[3] ?? null)) return null;
  const nameAt = line.text.indexOf(colon[1]);
  const valueAt = line.text.indexOf(colon[2], nameAt + colon[1].length);
  const valueLength = colon[2].length + (colon[3] ? colon[0].length - colon[0].indexOf(colon[2]) - colon[2].length : 0);
  return {
    name: colon[1].trim(),
    value: colon[2],
    unit: colon[3] ?? null,
    date,
    nameSpans: [{ start: line.start + nameAt, end: line.start + nameAt + colon[1].length }],
    valueSpan: { start: line.start + valueAt, end: line.start + valueAt + valueLength },
  };
}

function isHeader(line: Line, opts: DateOptions = {}): LabTable | null {
  const cells = line.cells.map((c) => c.text.trim());
  if (cells.length < 2) return null;
  let result = cells.findIndex((c) => RESULT_HEADER.test(c));
  // "Component | 03/04/2024 | Standard Range": the one column headed by a date holds the results of that day.
  const dated = cells.map((c) => (/^[\d/.-]{6,10}$/.test(c) ? findDates(c, opts)[0]?.iso ?? null : null));
  const date = result < 0 && dated.filter(Boolean).length === 1 ? dated.find(Boolean) ?? null : null;
  if (date) result = dated.indexOf(date);
  if (result < 0) return null;
  if (!cells.some((c, i) => i !== result && (OTHER_HEADER.test(c) || NAME_HEADER.test(c)))) return null;
  return { result, count: cells.length, resultX: line.cells[result].x0, ...(date ? { columnDate: date } : {}) };
}

/** A unit that wrapped onto the next line of the same column ("6.5 x" / "10^9/L"). */
function unitBelow(next: Line | undefined, cell: Cell): string | null {
  if (!next) return null;
  const below = cell.x0 !== null ? next.cells.find((c) => c.x0 !== null && Math.abs(c.x0 - (cell.x0 as number)) < 30) : null;
  const text = below?.text.trim() ?? "";
  return text && KNOWN_UNIT.test(text) ? text : null;
}
