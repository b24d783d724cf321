// ICD-10-CM codes: recognise them in text (with or without the dot), normalise to the dotted form, and check them
// against the full FY2026 code set of the lexicon (lib/lexicon/icd10.ts; CMS, public domain), loaded once.
import { icd10Rows, icd10Title as officialTitle, isIcd10Code } from "@/lib/lexicon/icd10";
import { keywordBeforeOnLine } from "./keyword-on-line";

/** A letter, a digit, a digit or letter (the category), then up to four more characters after the dot. */
const SHAPE = /^([A-Z][0-9][0-9A-Z])\.?([0-9A-Z]{0,4})$/;

/** "g40811", "G40.811 " or "G40.811" -> "G40.811"; null when it is not shaped like an ICD-10-CM code. */
export function normalizeIcd10(raw: string): string | null {
  const compact = raw.trim().toUpperCase().replace(/\s+/g, "");
  const match = SHAPE.exec(compact);
  if (!match) return null;
  return match[2] ? `${match[1]}.${match[2]}` : match[1];
}

export const icd10Category = (code: string) => code.replace(".", "").slice(0, 3).toUpperCase();

/** True when the code's 3-character category exists in ICD-10-CM. */
export function isKnownIcd10Category(code: string): boolean {
  return isIcd10Code(icd10Category(code));
}

/** Dotted form of an undotted key: "G4081" -> "G40.81". */
export const dotted = (key: string) => (key.length > 3 ? `${key.slice(0, 3)}.${key.slice(3)}` : key);

/** The official title of the code, or of its most specific existing ancestor (then `code` says which). */
export function icd10Title(code: string): { code: string; title: string; exact: boolean } | null {
  const key = code.replace(".", "").toUpperCase();
  for (let length = Math.min(key.length, 7); length >= 3; length--) {
    const title = officialTitle(key.slice(0, length));
    if (title) return { code: dotted(key.slice(0, length)), title, exact: length === key.length };
  }
  return null;
}

/** Every (undotted code, title) pair of the code set; used by the name index. */
export const icd10Entries = (): [string, string][] => icd10Rows().map((row) => [row.code.replace(".", ""), row.title]);

export interface CodeMatch {
  code: string;
  raw: string;
  start: number;
  end: number;
}

// Dotted codes stand on their own; undotted ones only where a label or keyword says a diagnosis code follows.
const DOTTED = /(?<![A-Za-z0-9.\-/])([A-Za-z][0-9][0-9A-Za-z])\.([0-9A-Za-z]{1,4})(?![A-Za-z0-9]|\.[0-9A-Za-z]|-\d)/g;
const UNDOTTED = /(?<![A-Za-z0-9.\-/])([A-Z][0-9][0-9A-Z][0-9A-Z]{0,4})(?![A-Za-z0-9]|\.[0-9A-Za-z])/g;
const KEYWORD = /\b(?:ICD(?:[\s-]*10(?:[\s-]*CM)?)?|diagnos[ie]s\s+codes?|dx\s*codes?|diagnosis)\b/i;

/**
 * ICD-10-CM codes in a text, in order, with their spans. Dotted codes are taken anywhere; undotted ones only when
 * `codeContext` is set (the text is the value of an ICD-10 field) or an ICD/diagnosis keyword precedes them on the
 * same line. Codes whose category does not exist are left out (they would be member ids, lot numbers ...).
 */
export function findIcd10Codes(text: string, opts: { codeContext?: boolean } = {}): CodeMatch[] {
  const found: CodeMatch[] = [];
  const taken = new Set<number>();
  for (const m of text.matchAll(DOTTED)) {
    const code = normalizeIcd10(`${m[1]}.${m[2]}`);
    if (!code || !isKnownIcd10Category(code)) continue;
    if (m[1] !== m[1].toUpperCase() && !opts.codeContext) continue; // "e11.9" in prose is rarely a code
    found.push({ code, raw: m[0], start: m.index, end: m.index + m[0].length });
    taken.add(m.index);
  }
  for (const m of text.matchAll(UNDOTTED)) {
    if (taken.has(m.index)) continue;
    if (!opts.codeContext && !keywordBeforeOnLine(text, m.index, KEYWORD, 60)) continue;
    const code = normalizeIcd10(m[1]);
    if (!code || !isKnownIcd10Category(code)) continue;
    // A bare 3-character category in running text needs the label: "E11" alone is too short to trust.
    if (code.length === 3 && !opts.codeContext) continue;
    found.push({ code, raw: m[0], start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** True when `ancestor` is `code` or a less specific code of the same branch (G40.81 of G40.811). */
export function isIcd10AncestorOrSelf(ancestor: string, code: string): boolean {
  const a = ancestor.replace(".", "").toUpperCase();
  const c = code.replace(".", "").toUpperCase();
  return c.startsWith(a);
}

/**
 * How the code set knows a code: "listed" (the code exists), "category" (its category exists but the code does not:
 * a typo, or a code retired or not yet in FY2026), "unknown" (no such category).
 */
export function icd10Coverage(code: string): "listed" | "category" | "unknown" {
  if (!isKnownIcd10Category(code)) return "unknown";
  return isIcd10Code(code) ? "listed" : "category";
}
