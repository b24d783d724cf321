// Lab values a note lists on one line after a "Labs:" lead ("Labs (10/30/24): Hgb 9.0 g/dL, Plt 450K, CRP 25 mg/L"):
// one result per comma- or semicolon-separated item, its name before its number.
import { findDates, type DateOptions } from "@/lib/lexicon/dates";
import type { LabHit } from "./find-labs";
import { isSchedule, isVital, KNOWN_UNIT } from "./lab-rows";
import type { Line } from "@/lib/documents/layout/page-lines";

const LEAD = /^[\s\-•●*]*(?:(?:pertinent|recent|relevant|admission|today's|initial|repeat)\s+)?(?:labs?|laboratory(?:\s+(?:results|data|values))?|lab (?:results|values|work))\b([^:]{0,30}):\s*/i;
const ITEM = /^([A-Za-z][A-Za-z0-9\- ()]{0,30}?)\s*(?::|=|\bof\b)?\s*([<>≤≥]?\d[\d,]*(?:\.\d+)?)\s*(K\b|[A-Za-zµμ%/^0-9.]+(?:\/[A-Za-zµμ0-9.]+)?)?\s*$/;

/** The results a "Labs: ..." line lists; none when the line is not one. */
export function inlineLabs(line: Line, pageDate: string | null, opts: DateOptions = {}): LabHit[] {
  const lead = LEAD.exec(line.text);
  if (!lead) return [];
  const date = findDates(lead[1], opts)[0]?.iso ?? pageDate;
  const hits: LabHit[] = [];
  let at = lead[0].length;
  // Items end at a comma, a semicolon or a sentence's full stop ("eosinophils 412 cells/uL. FEV1 58% ..."), never at
  // a decimal point.
  for (const part of line.text.slice(at).split(/([,;]|\.(?=\s|$))/)) {
    const start = at;
    at += part.length;
    if (part === "," || part === ";" || part === ".") continue;
    const item = ITEM.exec(part.trim());
    if (!item) continue;
    const [, name, value] = item;
    // "450K" is thousands; other units only when they look like a unit, else the item is not a result.
    const unit = item[3] && (item[3] === "K" || KNOWN_UNIT.test(item[3]) || /^(?:mm\/h(?:r)?|mg\/l|u\/l|%)$/i.test(item[3])) ? item[3] : null;
    if (item[3] && !unit) continue;
    if (isVital(name) || isSchedule(name)) continue;
    const nameAt = line.start + start + part.indexOf(name);
    const valueAt = line.start + start + part.indexOf(value, part.indexOf(name) + name.length);
    hits.push({
      name: name.trim(),
      value,
      unit,
      date,
      nameSpans: [{ start: nameAt, end: nameAt + name.trim().length }],
      valueSpan: { start: valueAt, end: valueAt + (unit ? part.indexOf(unit, part.indexOf(value) + value.length) + unit.length - part.indexOf(value) : value.length) },
    });
  }
  return hits;
}
