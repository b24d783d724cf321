// Drugs of the vocabulary (lib/lexicon/data/drugs.json): generic names with their brands and classes, indexed once.
// The ONE place that says which drug a written name denotes and where a text mentions drugs (whether two names are
// the same drug: same-drug.ts). It is not a compendium: a drug missing here still matches by its written name.
import data from "./data/drugs.json";
import { closestName, type ClosestNameOptions } from "./fuzzy";

export interface DrugEntry {
  generic: string;
  brands: string[];
  classes: string[];
  /** Misspellings seen often enough to list (the fuzzy matcher finds the others). */
  misspellings?: string[];
}

export const DRUGS: DrugEntry[] = data.drugs as DrugEntry[];

/** Lower case, accents and trademark signs gone, punctuation to spaces. */
export function normalizeDrugText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[®™©]/g, "")
    .replace(/[^a-z0-9\s/-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

interface IndexedName {
  name: string;
  entry: DrugEntry;
  pattern: RegExp;
}

let nameIndex: IndexedName[] | null = null;

function names(): IndexedName[] {
  if (nameIndex) return nameIndex;
  const index: IndexedName[] = [];
  for (const entry of DRUGS) {
    for (const name of [entry.generic, ...entry.brands, ...(entry.misspellings ?? [])]) {
      const key = normalizeDrugText(name);
      index.push({ name: key, entry, pattern: new RegExp(`(?<![a-z0-9])${key.replace(/[-/]/g, "[-/ ]?").replace(/ /g, "\\s+")}(?![a-z0-9])`, "i") });
    }
  }
  // Longer names first, so "valproic acid" wins over a shorter overlapping name.
  index.sort((a, b) => b.name.length - a.name.length);
  nameIndex = index;
  return index;
}

const misspelt = (word: string, opts: ClosestNameOptions = {}): DrugEntry | null =>
  closestName(word, names().map((n) => ({ name: n.name, value: n.entry })), opts);

/**
 * The vocabulary entry a drug name denotes (brand or generic, with or without strength and form), or null.
 * `recognised`: the name was read by text recognition, so a misreading may lie one edit further (still only when
 * exactly one drug is that near).
 */
export function findDrugEntry(name: string, opts: ClosestNameOptions = {}): DrugEntry | null {
  const text = normalizeDrugText(name);
  if (!text) return null;
  for (const item of names()) if (item.pattern.test(text)) return item.entry;
  // A misspelt name ("Methylprednisone 40 mg"): its first word, when it is close to exactly one drug.
  const first = /^[a-z][a-z-]+/.exec(text)?.[0];
  // Read by text recognition: one edit further only when no drug is within a typed misspelling's reach.
  return first ? (misspelt(first) ?? (opts.recognised ? misspelt(first, opts) : null)) : null;
}

export interface DrugMentionInText {
  entry: DrugEntry;
  start: number;
  end: number;
  written: string;
}

/** Every vocabulary drug a text mentions, with where (character offsets in the text as given). */
export function findDrugMentions(text: string): DrugMentionInText[] {
  const found: DrugMentionInText[] = [];
  const lower = text.toLowerCase();
  for (const item of names()) {
    const global = new RegExp(item.pattern.source, "gi");
    for (const m of lower.matchAll(global)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ entry: item.entry, start, end, written: text.slice(start, end) });
    }
  }
  for (const m of lower.matchAll(/[a-z][a-z-]{7,}/g)) {
    const start = m.index;
    const end = start + m[0].length;
    if (/[a-z0-9]/.test(lower[start - 1] ?? "") || found.some((f) => start < f.end && end > f.start)) continue;
    const entry = misspelt(m[0]);
    if (entry) found.push({ entry, start, end, written: text.slice(start, end) });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The generic name a drug name stands for: the vocabulary's generic, else the name's normalised text. */
export function genericName(name: string): string {
  return findDrugEntry(name)?.generic ?? normalizeDrugText(name).replace(/\b\d[\d.,]*\s*(mg|mcg|ml|g|units?|%)(\/\w+)?\b.*$/, "").trim();
}

/** A name exactly as the vocabulary lists it (a brand or the generic, any case): the name as listed and its generic. */
export function vocabularyDrugName(name: string): { name: string; generic: string } | null {
  const key = normalizeDrugText(name);
  if (!key) return null;
  for (const entry of DRUGS) {
    const listed = [...entry.brands, entry.generic].find((n) => normalizeDrugText(n) === key);
    if (listed) return { name: listed, generic: entry.generic };
  }
  return null;
}
