// Lab results from report pages: tables with a result column ("Test | Result | Reference range") and "Name: value
// unit" lines on pages that are lab reports. Values are kept as written, with their unit when one is given.
import { findDates, type DateOptions } from "./dates";
import type { Line } from "./page-lines";

export interface LabHit {
  name: string;
  value: string;
  unit: string | null;
  date: string | null;
  nameSpan: { start: number; end: number };
  valueSpan: { start: number; end: number };
}

const RESULT_HEADER = /^(?:results?|value|values|your (?:result|value)|observed|measured|finding|lab value)$/i;
const OTHER_HEADER = /^(?:(?:normal|reference)(?: range)?|range|units?|flag|ref(?:erence)?\.? (?:range|interval)|normal values?)$/i;
const NAME_HEADER = /^(?:parameter|test|lab test|analyte|component|test name|lab|name|investigation)$/i;
const VALUE = /^([<>≤≥]?\s*-?\d+(?:\.\d+)?)(?:\s*(x\s*10\^?\d+\/[A-Za-z]+|[A-Za-z%µμ/^0-9.²³]+(?:\/[A-Za-z0-9.]+)?))?/;
const LAB_PAGE = /\b(?:laborator(?:y|ies)|lab(?:s| results| work| report| values)|chemistry|hematology|cbc|metabolic panel|blood (?:work|count))\b/i;
const KNOWN_UNIT = /^(?:x\s*10\^?\d+\/\w+|10\^?\d+\/\w+|%|[a-zµμ]*\/[a-z0-9.]+|[a-zµμ]*g\/[a-z]+|u\/l|iu\/l|miu\/ml|meq\/l|mmol\/l|ng\/ml|pg|fl|seconds?|sec|s|ratio|mmhg|cells\/[a-zµμ]+)$/i;

function pageDate(lines: Line[], opts: DateOptions): string | null {
  for (const line of lines.slice(0, 12)) {
    if (!/\b(?:labs?|laborator\w*|collected|drawn|results?|work ?up|report|date)\b/i.test(line.text)) continue;
    const date = findDates(line.text, opts)[0];
    if (date) return date.iso;
  }
  return null;
}

/** Lab values on one page (empty when the page is not a lab report). */
export function findLabs(lines: Line[], opts: DateOptions = {}): LabHit[] {
  const text = lines.map((l) => l.text).join("\n");
  if (!LAB_PAGE.test(text.slice(0, 2000)) && !lines.some((l) => isHeader(l) !== null)) return [];
  const date = pageDate(lines, opts);
  const labs: LabHit[] = [];
  let header: { result: number; count: number; resultX: number | null } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const h = isHeader(line);
    if (h) {
      header = h;
      continue;
    }
    const cells = line.cells;
    if (header && cells.length >= 2) {
      const nameCell = cells[0];
      if (!/^[A-Za-z(]/.test(nameCell.text) || /^\(/.test(nameCell.text)) continue;
      // The result cell: the cell under the header's result column (by position when known, else by index from the left).
      let resultCell = header.resultX !== null ? cells.slice(1).find((c) => c.x0 !== null && c.x1 !== null && Math.abs(c.x0 - (header as { resultX: number }).resultX) < 45) : undefined;
      if (!resultCell && cells.length === header.count) resultCell = cells[header.result];
      if (!resultCell || resultCell === nameCell) continue;
      // A row that only carries wrapped units ("Count | 10^9/L | 10^9/L") is the end of the row above.
      if (/^\s*(?:x\s*)?10\^/.test(resultCell.text) || KNOWN_UNIT.test(resultCell.text.trim())) continue;
      const m = VALUE.exec(resultCell.text.trim());
      if (!m) continue;
      let unit: string | null = m[2] ?? null;
      if (unit && /^x$/i.test(unit)) unit = null;
      if (!unit || /^x\s*$/.test(resultCell.text.trim().slice(m[1].length).trim())) unit = unitBelow(lines[i + 1], resultCell) ?? unit;
      const lead = resultCell.text.indexOf(m[1]);
      labs.push({
        name: nameCell.text.trim(),
        value: m[1].replace(/\s+/g, ""),
        unit: unit?.trim() || null,
        date,
        nameSpan: { start: nameCell.start, end: nameCell.end },
        valueSpan: { start: resultCell.start + Math.max(0, lead), end: resultCell.start + Math.max(0, lead) + m[0].length },
      });
      continue;
    }
    // "● Neutrophils: 55% (absolute: 3.6 x 10^9/L)"
    const colon = /^[\s●•○▪*-]*([A-Z][A-Za-z0-9 ()\-/,]{1,40}?):\s*([<>]?\d+(?:\.\d+)?)\s*([A-Za-z%µμ/^0-9.]+)?/.exec(line.text);
    if (colon && LAB_PAGE.test(text.slice(0, 2000)) && (!colon[3] || KNOWN_UNIT.test(colon[3]) || colon[3] === "%")) {
      const nameAt = line.text.indexOf(colon[1]);
      const valueAt = line.text.indexOf(colon[2], nameAt + colon[1].length);
      labs.push({
        name: colon[1].trim(),
        value: colon[2],
        unit: colon[3] ?? null,
        date,
        nameSpan: { start: line.start + nameAt, end: line.start + nameAt + colon[1].length },
        valueSpan: { start: line.start + valueAt, end: line.start + valueAt + colon[2].length + (colon[3] ? colon[0].length - colon[0].indexOf(colon[2]) - colon[2].length : 0) },
      });
    }
  }
  return labs;
}

function isHeader(line: Line): { result: number; count: number; resultX: number | null } | null {
  const cells = line.cells.map((c) => c.text.trim());
  if (cells.length < 2) return null;
  const result = cells.findIndex((c) => RESULT_HEADER.test(c));
  if (result < 0) return null;
  if (!cells.some((c, i) => i !== result && (OTHER_HEADER.test(c) || NAME_HEADER.test(c)))) return null;
  return { result, count: cells.length, resultX: line.cells[result].x0 };
}

/** A unit that wrapped onto the next line of the same column ("6.5 x" / "10^9/L"). */
function unitBelow(next: Line | undefined, cell: Line["cells"][number]): string | null {
  if (!next) return null;
  const below = cell.x0 !== null ? next.cells.find((c) => c.x0 !== null && Math.abs(c.x0 - (cell.x0 as number)) < 30) : null;
  const text = below?.text.trim() ?? "";
  return text && KNOWN_UNIT.test(text) ? text : null;
}
