// What a lab table's cells hold: a result ("450,000 cells/μL", "6.5 x" + "10^9/L" below, "Positive"), a reference
// range, the rest of a test name that wrapped onto the next line, a section heading, or a vital sign (not a lab).
import type { Cell, Line } from "@/lib/documents/layout/page-lines";

/** A number as printed: thousands separators ("450,000") are part of it, and a result may itself be a range. */
const NUMBER = String.raw`-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const UNIT = String.raw`x\s*10\^?\d+\/[A-Za-z]+|[A-Za-z%µμ/^0-9.²³]+(?:\/[A-Za-zµμ0-9.]+)?`;
export const VALUE = new RegExp(String.raw`^([<>≤≥]?\s*${NUMBER}(?:\s*%?\s*[-–]\s*${NUMBER})?)(?:\s*(${UNIT}))?`);
/** Qualitative results, kept as words. */
export const WORD_VALUE = /^(positive|negative|not detected|detected|non-?reactive|reactive|present|absent)\b/i;
export const KNOWN_UNIT =
  /^(?:x\s*10\^?\d+\/\w+|10\^?\d+\/\w+|%|[a-zµμ]*\/[a-zµμ0-9.]+|[a-zµμ]*g\/[a-z]+|u\/l|iu\/l|miu\/ml|meq\/l|mmol\/l|ng\/ml|pg|fl|seconds?|sec|s|ratio|mmhg|cells\/[a-zµμ]+)$/i;
/** A reference range cell ("4.0 - 5.5", "<20 mm/h", "Negative"): what tells a headerless table's row from prose. */
export const RANGE = new RegExp(String.raw`^(?:[<>≤≥]\s*${NUMBER}|${NUMBER}\s*%?\s*[-–]\s*${NUMBER}|negative|non-?reactive|not detected)`, "i");

/** A numeric reference range with its unit and the space after it, at the start of a cell ("44 - 147 U/L "). */
export const RANGE_WITH_UNIT = new RegExp(String.raw`^\s*(?:[<>≤≥]\s*${NUMBER}|${NUMBER}\s*%?\s*[-–]\s*${NUMBER})\s*%?(?:\s*(?:${UNIT}))?\s+(?=[<>≤≥]?\d)`);

/** Vital signs are measured at the bedside, not results of a lab: a note's "Temp: 98.6" or "HR 110" is no lab. */
const VITAL = /^(?:temp(?:erature)?|t(?:max)?|hr|heart rate|pulse|bp|blood pressure|rr|resp(?:iration|iratory)?(?: rate)?|spo2|sp02|o2 sat(?:uration)?|oxygen saturation|pulse ox(?:imetry)?)\b/i;
export const isVital = (name: string) => VITAL.test(name.trim());

/** A dosing schedule ("Days 1-28: 28 mcg/day") or a dose per weight reads like "name: value unit" but is no lab. */
const SCHEDULE = /^(?:days?|weeks?|cycles?|doses?|phase|month)\b/i;
const DOSE_UNIT = /\/(?:day|d|dose|wk|week|kg|m2|m²)$/i;
export const isDosing = (name: string, unit: string | null) => isSchedule(name) || (unit !== null && DOSE_UNIT.test(unit));
export const isSchedule = (name: string) => SCHEDULE.test(name.trim());

/** A heading between a table's rows ("CMP", "Liver Function Test", "Iron Panel"): it opens a group, names no test. */
const HEADING = /\b(?:panel|profile|function|tests?|chemistry|hematology|differential|markers|studies|levels|urinalysis|coagulation|electrolytes|metabolic|serology|results?|reports?)\b|:\s*$/i;
/** Words that open what follows a table (a footer, a signature, a note), never the rest of a test's name. */
const AFTER_TABLE = /^(?:notes?|comments?|reviewed|verified|performed|collected|specimen|interpretation|impression|signed|page|end|continued|reference|flags?|critical|electronically)\b/i;
const isHeading = (text: string) => HEADING.test(text) || AFTER_TABLE.test(text) || /^[A-Z0-9]{2,6}s?$/.test(text.trim());

const near = (a: number | null, b: number | null, tolerance: number) => a !== null && b !== null && Math.abs(a - b) <= tolerance;

/**
 * The part of a test name that wrapped onto `next`, the line right below a row whose name is `name` ("Mean
 * Corpuscular" / "Hemoglobin (MCH)"): its first cell sits in the name column and the line states no result. A part
 * that opens with "(" or lower case, or closes the name's open parenthesis, always continues it; otherwise only when
 * the name is not already closed by its abbreviation and the line is not a section heading.
 */
export function nameContinuation(name: string, nameCell: Cell, next: Line | undefined): Cell | null {
  if (!next) return null;
  const first = next.cells[0];
  const text = first?.text.trim() ?? "";
  // Names hold no colon or date: "Report 10/4/24" or "Date of Birth: ..." below a table starts what follows it.
  if (!text || text.length > 45 || text.split(/\s+/).length > 5 || !/^[A-Za-z(]/.test(text) || /:|\d+\/\d+/.test(text)) return null;
  if (nameCell.x0 !== null && first.x0 !== null && !near(first.x0, nameCell.x0, 15)) return null;
  // The rest of the line may only hold wrapped units, never a number or result of its own (then it is a row).
  const rest = next.cells.slice(1).map((c) => c.text.trim());
  if (rest.some((c) => (VALUE.test(c) || WORD_VALUE.test(c)) && !KNOWN_UNIT.test(c) && !/^(?:x\s*)?10\^/.test(c))) return null;
  if (nameCell.x0 === null && rest.length > 0 && !/^\(/.test(text)) return null;
  const opensInside = (name.match(/\(/g)?.length ?? 0) > (name.match(/\)/g)?.length ?? 0);
  if (/^\(|^[a-z]/.test(text) || opensInside) return first;
  // Otherwise only a line in the name column (positions known) that is no sentence and no heading.
  if (nameCell.x0 === null || first.x0 === null || /[.!?]$/.test(text) || /\)\s*$/.test(name) || isHeading(text)) return null;
  return first;
}
