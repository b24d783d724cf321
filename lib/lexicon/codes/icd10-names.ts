// A diagnosis written as words ("Lennox-Gastaut", "infantile spasms") -> the ICD-10-CM (sub)category whose title
// says the same. Only exact title matches (after normalising case, punctuation, "unspecified" and a trailing
// "syndrome"/"disease"), one-letter typos in long names, and a short list of ICD-10-CM inclusion terms and common
// clinical names count; anything else gives null. The result is a category, never a billable code the documents
// did not state, and the extractor marks it as inferred.
import { withinOneEdit } from "../edit-distance";
import { LEADING_QUALIFIER, NAME_QUALIFIERS, TRAILING_QUALIFIER } from "../condition-qualifiers";
import { dotted, icd10Entries } from "./icd10";

/**
 * Clinical names and ICD-10-CM inclusion terms that are not category titles. Kept short and general: names a
 * payer form or a note commonly uses for conditions that prior authorizations are asked for.
 */
const SYNONYMS: Record<string, string> = {
  "infantile spasms": "G40.82",
  "infantile spasm": "G40.82",
  "west syndrome": "G40.82",
  "salaam attacks": "G40.82",
  lgs: "G40.81",
  tsc: "Q85.1",
  "tuberous sclerosis complex": "Q85.1",
  "type 2 diabetes": "E11",
  "diabetes mellitus type 2": "E11",
  "type ii diabetes": "E11",
  t2dm: "E11",
  "type 1 diabetes": "E10",
  "diabetes mellitus type 1": "E10",
  t1dm: "E10",
  hypertension: "I10",
  "essential hypertension": "I10",
  copd: "J44.9",
  "plaque psoriasis": "L40.0",
  "psoriatic arthritis": "L40.5",
  "chronic hepatitis c": "B18.2",
  "hepatitis c": "B18.2",
  hiv: "B20",
  "hiv disease": "B20",
  "crohns disease": "K50.9",
  "crohn disease": "K50.9",
  "eczema": "L30.9",
  "chronic migraine": "G43.7",
  "rheumatoid arthritis": "M06.9",
  // Leukemias go by their abbreviations in notes; "ALL" alone is an ordinary word, so only the typed forms count.
  "b all": "C91.0",
  "t all": "C91.0",
  aml: "C92.0",
  cml: "C92.1",
  cll: "C91.1",
};


export function normalizeDiagnosisName(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’`]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(NAME_QUALIFIERS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

let index: Map<string, string> | null = null;

function titleIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  // Shorter (less specific) codes first, so a title shared by a category and its subcategory maps to the category.
  const entries = icd10Entries().sort((a, b) => a[0].length - b[0].length || a[0].localeCompare(b[0]));
  for (const [code, title] of entries) {
    // A title with its abbreviation ("Acute lymphoblastic leukemia [ALL]") is also the name without it.
    for (const key of [normalizeDiagnosisName(title), normalizeDiagnosisName(withoutBrackets(title))]) {
      if (key && !index.has(key)) index.set(key, dotted(code));
    }
  }
  return index;
}

const SUFFIX = / (?:syndrome|disease|disorder)$/;

const withoutBrackets = (text: string) => text.replace(/\[[^\]]*\]|\([^)]*\)/g, " ");

/* Qualifiers before a name (LEADING_QUALIFIER) are only dropped to find a title; a word that names another condition
 * ("secondary", "gestational", "juvenile") stops the search, so such a name stays without a code. */

export interface NameMatch {
  code: string;
  via: "title" | "synonym" | "near-title";
}

const memo = new Map<string, NameMatch | null>();

/** The ICD-10-CM category or subcategory a diagnosis name denotes, or null. */
export function icd10ForName(name: string): NameMatch | null {
  // An abbreviation or note in brackets after the name ("(B-ALL)", "[ALL]") is not part of it.
  const key = normalizeDiagnosisName(withoutBrackets(name)) || normalizeDiagnosisName(name);
  if (memo.has(key)) return memo.get(key) ?? null;
  const match = lookup(key);
  if (memo.size > 5000) memo.clear();
  memo.set(key, match);
  return match;
}

function lookup(key: string): NameMatch | null {
  const exact = lookupExact(key);
  if (exact) return exact;
  // "Philadelphia chromosome-negative B-cell precursor acute lymphoblastic leukemia" is acute lymphoblastic leukemia.
  // Qualifiers written after the name count the same ("atopic dermatitis, severe", "... leukemia, relapsed").
  let words = key.split(" ");
  while (words.length > 2 && TRAILING_QUALIFIER.test(words[words.length - 1])) {
    words = words.slice(0, -1);
    const match = lookupExact(words.join(" "));
    if (match) return match;
  }
  for (let i = 0; i < words.length - 2 && LEADING_QUALIFIER.test(words[i]); i++) {
    const rest = words.slice(i + 1).join(" ");
    const match = lookupExact(rest);
    if (match) return match;
  }
  return null;
}

function lookupExact(key: string): NameMatch | null {
  if (key.length < 2) return null;
  const synonym = SYNONYMS[key] ?? SYNONYMS[key.replace(SUFFIX, "")];
  if (synonym) return { code: synonym, via: "synonym" };
  const titles = titleIndex();
  const variants = [key, `${key} syndrome`, `${key} disease`, key.replace(SUFFIX, "")];
  for (const variant of variants) {
    const code = titles.get(variant);
    if (code) return { code, via: "title" };
  }
  if (key.length < 12) return null;
  for (const variant of variants) {
    for (const [title, code] of titles) {
      if (title[0] === variant[0] && variant !== title && withinOneEdit(variant, title, { letters: true })) return { code, via: "near-title" };
    }
  }
  return null;
}
