// Look-ups a person types into: the vocabulary's drugs (brands and generics), ICD-10-CM FY2026 codes and the NUCC
// taxonomy, searched by code or by the words of their names, in any order and by the start of each word
// ("lennox gast" finds "Lennox-Gastaut syndrome ..."). What a correction accepts is what these return
// (lib/schemas/corrections.ts checks the same tables). Pure, over the lexicon's data loaded once.
import { DRUGS, normalizeDrugText } from "./drugs";
import { icd10Rows } from "./icd10";
import { nuccRows } from "./specialties";

export const VOCABULARY_KINDS = ["drug", "diagnosis", "specialty"] as const;
export type VocabularyKind = (typeof VOCABULARY_KINDS)[number];

export interface VocabularyTerm {
  /** What a correction takes: the drug's name as listed, the dotted ICD-10-CM code, the NUCC code. */
  value: string;
  /** The name a person reads. */
  label: string;
  /** The generic of a brand, the drug's classes, or the NUCC grouping. */
  detail: string | null;
  /** ICD-10-CM: whether the code may be billed (a category is not). Always true for the other kinds. */
  billable: boolean;
}

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]+/g, " ").trim().split(" ").filter(Boolean);

/** Every word of the query starts a word of the name, in any order. */
function matchesWords(queryWords: readonly string[], nameWords: readonly string[]): boolean {
  return queryWords.every((q) => nameWords.some((w) => w.startsWith(q)));
}

/** Better first: the name starts with the query, then shorter names. */
const rank = (query: string, label: string) => (label.toLowerCase().startsWith(query.toLowerCase()) ? 0 : 1) * 10_000 + label.length;

function searchDrugs(query: string, limit: number): VocabularyTerm[] {
  const q = words(normalizeDrugText(query));
  const found: VocabularyTerm[] = [];
  for (const entry of DRUGS) {
    for (const name of [...entry.brands, entry.generic]) {
      if (!matchesWords(q, words(normalizeDrugText(name)))) continue;
      const brand = name !== entry.generic;
      found.push({ value: name, label: brand ? `${name} (${entry.generic})` : name, detail: entry.classes.join(", ") || null, billable: true });
    }
  }
  return found.sort((a, b) => rank(query, a.value) - rank(query, b.value)).slice(0, limit);
}

const CODE_LIKE = /^[a-z]\d[0-9a-z]?\.?[0-9a-z]{0,4}$/i;

function searchDiagnoses(query: string, limit: number): VocabularyTerm[] {
  const rows = icd10Rows();
  const trimmed = query.trim();
  if (CODE_LIKE.test(trimmed)) {
    const key = trimmed.toUpperCase().replace(".", "");
    return rows
      .filter((r) => r.code.replace(".", "").startsWith(key))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
      .slice(0, limit)
      .map((r) => ({ value: r.code, label: r.title, detail: null, billable: r.billable }));
  }
  const q = words(trimmed);
  const found = rows.filter((r) => matchesWords(q, words(r.title)));
  // Billable codes first (what a correction takes), then the closest titles.
  return found
    .sort((a, b) => Number(b.billable) - Number(a.billable) || rank(trimmed, a.title) - rank(trimmed, b.title))
    .slice(0, limit)
    .map((r) => ({ value: r.code, label: r.title, detail: null, billable: r.billable }));
}

function searchSpecialties(query: string, limit: number): VocabularyTerm[] {
  const trimmed = query.trim();
  const code = trimmed.toUpperCase();
  const q = words(trimmed);
  const physician = (grouping: string) => /physician/i.test(grouping);
  return nuccRows()
    .filter((r) => r.code.startsWith(code) || matchesWords(q, words(`${r.classification} ${r.specialization} ${r.displayName}`)))
    .map((r) => ({ row: r, label: r.specialization ? `${r.classification}, ${r.specialization}` : r.classification }))
    // Prescribers are physicians mostly: their rows first, then the closest names.
    .sort((a, b) => Number(physician(b.row.grouping)) - Number(physician(a.row.grouping)) || rank(trimmed, a.label) - rank(trimmed, b.label))
    .slice(0, limit)
    .map(({ row, label }) => ({ value: row.code, label, detail: row.grouping, billable: true }));
}

/** The terms of one kind matching what was typed, best first, at most `limit`. */
export function searchVocabulary(opts: { kind: VocabularyKind; query: string; limit: number }): VocabularyTerm[] {
  switch (opts.kind) {
    case "drug":
      return searchDrugs(opts.query, opts.limit);
    case "diagnosis":
      return searchDiagnoses(opts.query, opts.limit);
    case "specialty":
      return searchSpecialties(opts.query, opts.limit);
  }
}
