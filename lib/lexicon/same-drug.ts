// Whether two written drug names denote the same drug: the ONE rule. A name is resolved through the vocabulary
// (lib/lexicon/drugs.ts: brand <-> generic, misspellings) when the caller asks for it, else compared by its
// identifying words: lower case letters only, no word the lexicon says is never a drug name (forms, routes, salts,
// units, describing words: product-words.ts), at least so many letters. How many of those words must meet is the
// caller's threshold, named below, so each use says how strict it is.
import { findDrugEntry, genericName } from "./drugs";
import { isNeverDrugName } from "./product-words";

export interface SameDrugOptions {
  /** Resolve both names through the vocabulary first: two known drugs are the same only as one entry. */
  byVocabulary: boolean;
  /** Words shorter than this never identify a drug. */
  minLetters: number;
  /** Which identifying words must meet: any one, every word of the name with fewer, or every word of the first name. */
  overlap: "any" | "all-of-shorter" | "all-of-first";
}

/** The thresholds the code uses, by what is compared. */
export const SAME_DRUG = {
  /** A medication, claim, dose or treatment against a drug a criterion or limit names: the vocabulary, else one shared word of 5+ letters. */
  written: { byVocabulary: true, minLetters: 5, overlap: "any" },
  /** An evidence item's drug against the request's, or a combination's brand against a request: one shared word of 4+ letters. */
  shared: { byVocabulary: false, minLetters: 4, overlap: "any" },
  /** A policy section's binding against a case's drug outside the vocabulary: every word of the shorter name ("insulin lispro" is not "insulin glargine"). */
  binding: { byVocabulary: false, minLetters: 4, overlap: "all-of-shorter" },
  /** One ingredient of a combination against a request: every word of the ingredient. */
  ingredient: { byVocabulary: false, minLetters: 4, overlap: "all-of-first" },
} as const satisfies Record<string, SameDrugOptions>;

/** The identifying words of a drug name ("Humira (adalimumab subcutaneous injection)" -> humira, adalimumab). */
export function drugNameWords(name: string, minLetters: number = SAME_DRUG.shared.minLetters): Set<string> {
  const words = name.toLowerCase().normalize("NFKD").replace(/[^a-z\s-]/g, " ").split(/[\s-]+/);
  return new Set(words.filter((w) => w.length >= minLetters && !isNeverDrugName(w)));
}

function wordsMeet(a: Set<string>, b: Set<string>, overlap: SameDrugOptions["overlap"]): boolean {
  if (overlap === "any") return [...b].some((w) => a.has(w));
  if (!a.size || !b.size) return false;
  const [few, many] = overlap === "all-of-first" || a.size <= b.size ? [a, b] : [b, a];
  return [...few].every((w) => many.has(w));
}

/** True when two drug names denote the same drug under the given threshold (default: `SAME_DRUG.written`). */
export function sameDrug(a: string, b: string, opts: SameDrugOptions = SAME_DRUG.written): boolean {
  if (opts.byVocabulary) {
    const ea = findDrugEntry(a);
    const eb = findDrugEntry(b);
    if (ea && eb) return ea === eb;
    const ga = genericName(a);
    const gb = genericName(b);
    if (!ga || !gb) return false;
    if (ga === gb) return true;
    return wordsMeet(drugNameWords(ga, opts.minLetters), drugNameWords(gb, opts.minLetters), opts.overlap);
  }
  return wordsMeet(drugNameWords(a, opts.minLetters), drugNameWords(b, opts.minLetters), opts.overlap);
}
