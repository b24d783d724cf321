// National Drug Codes. A 10-digit NDC is printed in one of three layouts (4-4-2, 5-3-2, 5-4-1); billing uses the
// 11-digit 5-4-2 form, made by a leading zero in the short segment. Plain 10 digits are ambiguous (which segment
// gets the zero?) and are refused; plain 11 digits are taken as 5-4-2.
import { keywordBeforeOnLine } from "./keyword-on-line";

const LAYOUTS: [RegExp, (a: string, b: string, c: string) => string][] = [
  [/^(\d{4})-(\d{4})-(\d{2})$/, (a, b, c) => `0${a}${b}${c}`],
  [/^(\d{5})-(\d{3})-(\d{2})$/, (a, b, c) => `${a}0${b}${c}`],
  [/^(\d{5})-(\d{4})-(\d{1})$/, (a, b, c) => `${a}${b}0${c}`],
  [/^(\d{5})-(\d{4})-(\d{2})$/, (a, b, c) => `${a}${b}${c}`],
];

/** "0777-3105-02" -> "00777310502"; null when it is not an NDC in a known layout. */
export function normalizeNdc(raw: string): string | null {
  const value = raw.trim().replace(/\s*-\s*/g, "-").replace(/^NDC[\s:#]*/i, "");
  if (/^\d{11}$/.test(value)) return value;
  for (const [pattern, to11] of LAYOUTS) {
    const m = pattern.exec(value);
    if (m) return to11(m[1], m[2], m[3]);
  }
  return null;
}

/** "00777310502" -> "00777-3105-02" (5-4-2 display); other input is returned unchanged. */
export function formatNdc11(ndc11: string): string {
  return /^\d{11}$/.test(ndc11) ? `${ndc11.slice(0, 5)}-${ndc11.slice(5, 9)}-${ndc11.slice(9)}` : ndc11;
}

export interface NdcMatch {
  ndc: string;
  raw: string;
  start: number;
  end: number;
}

const CANDIDATE = /(?<![\d-])(\d{4,5}\s?-\s?\d{3,4}\s?-\s?\d{1,2}|\d{11})(?![\d-])/g;
const NDC_KEYWORD = /\bNDC\b|\bN4\b|national drug code/i;

/**
 * NDCs in a text. Phone numbers, dates and member ids share the digits and the hyphens, so a match counts only
 * when the text is an NDC field's value (`labelled`) or "NDC" precedes it on the same line.
 */
export function findNdcs(text: string, opts: { labelled?: boolean } = {}): NdcMatch[] {
  const found: NdcMatch[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    if (!opts.labelled && !keywordBeforeOnLine(text, m.index, NDC_KEYWORD, 40)) continue;
    const ndc = normalizeNdc(m[1]);
    if (ndc) found.push({ ndc, raw: m[1], start: m.index, end: m.index + m[1].length });
  }
  return found;
}
