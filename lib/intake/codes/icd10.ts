// ICD-10-CM codes: recognise them in text (with or without the dot), normalise to the dotted form, and check the
// category against the shipped list.
//
// icd10-categories.json maps undotted codes to titles: every 3-character category, plus the 4- and 5-character
// subcategories of chapters A-R and Z (injury and external-cause subcategories, S-Y, are left out to keep it small).
// Generated from the CMS FY2018 category list (public domain; k4m1113/ICD-10-CSV categories.csv):
//   node -e 'read the CSV; keep code.length <= 3 || (code.length <= 5 && !/^[S-Y]/.test(code)); write {code: title}'
import categories from "./icd10-categories.json";

const TITLES = categories as Record<string, string>;

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
  return Object.hasOwn(TITLES, icd10Category(code));
}

/** Dotted form of an undotted list key: "G4081" -> "G40.81". */
export const dotted = (key: string) => (key.length > 3 ? `${key.slice(0, 3)}.${key.slice(3)}` : key);

/** The title of the code, or of its most specific ancestor in the shipped list (then `code` says which). */
export function icd10Title(code: string): { code: string; title: string; exact: boolean } | null {
  const key = code.replace(".", "").toUpperCase();
  for (let length = Math.min(key.length, 5); length >= 3; length--) {
    const title = TITLES[key.slice(0, length)];
    if (title) return { code: dotted(key.slice(0, length)), title, exact: length === key.length };
  }
  return null;
}

/** Every (undotted code, title) pair of the shipped list; used by the name index. */
export const icd10Entries = (): [string, string][] => Object.entries(TITLES);

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
    if (!opts.codeContext) {
      const lineStart = text.lastIndexOf("\n", m.index) + 1;
      const before = text.slice(Math.max(lineStart, m.index - 60), m.index);
      if (!KEYWORD.test(before)) continue;
    }
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

const hasChildren = new Map<string, boolean>();
/** Does the shipped list hold subcategories of this (undotted) code? */
function listsChildren(key: string): boolean {
  let known = hasChildren.get(key);
  if (known === undefined) {
    known = Object.keys(TITLES).some((k) => k.length === key.length + 1 && k.startsWith(key));
    hasChildren.set(key, known);
  }
  return known;
}

/**
 * How well the shipped list knows a code: "listed" (the code or a subcategory above it is listed, or the list has no
 * subcategories there), "category" (the category exists but none of its listed subcategories leads to the code: a
 * typo, or a code newer than the FY2018 list), "unknown" (no such category).
 */
export function icd10Coverage(code: string): "listed" | "category" | "unknown" {
  const key = code.replace(".", "").toUpperCase();
  if (!isKnownIcd10Category(key)) return "unknown";
  for (let length = 4; length <= Math.min(key.length, 5); length++) {
    const parent = key.slice(0, length - 1);
    if (!listsChildren(parent)) return "listed";
    if (!Object.hasOwn(TITLES, key.slice(0, length))) return "category";
  }
  return "listed";
}
