// The formulary reader's knowledge, as data (vocabulary.json): requirement codes, legend line shapes, limit and age
// phrasings, step-therapy cues, list and column headings. Loaded and compiled once; the reader's code interprets it.
// Drug words (forms, routes, salts, units, drugs and classes) are the lexicon's (lib/lexicon), never listed here.
import data from "./vocabulary.json";

export type CodeKind = "prior_authorization" | "step_therapy" | "quantity_limit" | "age_limit" | "gender_limit" | "informational";
export type ColumnKind = keyof typeof data.columnHeadings;
export type ListKind = "quantity" | "age" | "step";

export interface CodeEntry {
  code: string;
  kind: CodeKind;
  meaning: string;
}

export interface PatternRule {
  id: string;
  pattern: RegExp;
}

export interface QuantityRule extends PatternRule {
  perDays?: number;
}

export interface AgeRule extends PatternRule {
  bound: "max" | "min" | "manual";
  exclusive?: boolean;
}

const rx = (source: string, flags = "i") => new RegExp(source, flags);
// Control characters (a font's private codes) are no part of a heading's words.
const norm = (s: string) => s.toLowerCase().replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();

export const CODES: readonly CodeEntry[] = data.codes.map((c) => ({ code: c.code, kind: c.kind as CodeKind, meaning: c.meaning }));
export const LEGEND_LINES: readonly PatternRule[] = data.legendLines.map((r) => ({ id: r.id, pattern: rx(r.pattern, "") }));
export const QUANTITY_RULES: readonly QuantityRule[] = data.quantityRules.map((r) => ({ id: r.id, pattern: rx(r.pattern), perDays: (r as { perDays?: number }).perDays }));
export const AGE_RULES: readonly AgeRule[] = data.ageRules.map((r) => ({ id: r.id, pattern: rx(r.pattern), bound: r.bound as AgeRule["bound"], exclusive: (r as { exclusive?: boolean }).exclusive }));
export const STEP = {
  trial: rx(data.stepRules.trial),
  within: data.stepRules.within.map((r) => ({ id: r.id, pattern: rx(r.pattern) })),
  supply: { id: data.stepRules.supply.id, pattern: rx(data.stepRules.supply.pattern) },
  examples: rx(data.stepRules.examples),
  firstLineAgent: rx(data.stepRules.firstLineAgent),
  unsupported: rx(data.stepRules.unsupported),
  unreadWindow: rx(data.stepRules.unreadWindow),
  count: { id: data.stepRules.count.id, pattern: rx(data.stepRules.count.pattern), numbers: data.stepRules.count.numbers as Record<string, number> },
};
export const MARKER_CELL = rx(data.markerCell);
export const TIER_CELL = rx(data.tierCell);
export const MAX_NON_ASCII_SHARE = data.unreadable.maxNonAsciiShare;

/** The kind of a code as written ("PA**" is a PA), from the vocabulary; null for a word that is no code. */
export function codeKind(code: string): CodeKind | null {
  const bare = code.replace(/[*†‡¹²³]+$/, "").toUpperCase();
  return CODES.find((c) => c.code === bare)?.kind ?? null;
}

/** The kind a legend's wording gives a code the vocabulary does not know ("XY - Quantity Limits" -> quantity_limit). */
export function kindFromMeaning(meaning: string): CodeKind | null {
  const text = norm(meaning);
  for (const c of CODES) if (c.kind !== "informational" && text.includes(c.meaning)) return c.kind;
  if (/\bquantity\b/.test(text)) return "quantity_limit";
  if (/\bstep\b/.test(text)) return "step_therapy";
  if (/\bprior auth/.test(text)) return "prior_authorization";
  if (/\bage\b/.test(text)) return "age_limit";
  return null;
}

const LIST_HEADINGS = data.listHeadings.map((l) => ({ code: l.code, list: l.list as ListKind, headings: l.headings.map(norm) }));

/** The list a heading line names ("Quantity Limitation List" -> quantity, code QL), or null. */
export function listOfHeading(text: string): { code: string; list: ListKind } | null {
  const t = norm(text).replace(/[:.]$/, "");
  const hit = LIST_HEADINGS.find((l) => l.headings.includes(t));
  return hit ? { code: hit.code, list: hit.list } : null;
}

const COLUMN_HEADINGS = Object.entries(data.columnHeadings).map(([kind, words]) => ({ kind: kind as ColumnKind, words: words.map(norm) }));

/** The column a header cell names ("Drug Tier" -> tier), or null. In a step table "Step Therapy Criteria" is its criteria column. */
export function columnOfHeading(text: string): ColumnKind | null {
  const t = norm(text).replace(/[:*]$/, "");
  return COLUMN_HEADINGS.find((c) => c.words.includes(t))?.kind ?? null;
}
