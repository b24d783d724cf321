// Words of a drug description that are never the drug: dosage forms (every one-word variant of
// data/dosage-form-groups.json and the further form words of data/drugs.json), routes, packaging and salts, and the
// units of a strength. The ONE list the policy readers and the drug matchers cut a written name with
// ("ondansetron hcl tab 8 mg" -> "ondansetron", "HUMIRA PEN 40 MG/0.4ML" -> "HUMIRA"). Pure, indexed once.
import GROUPS from "./data/dosage-form-groups.json";
import data from "./data/drugs.json";
import { escapeRegExp } from "@/lib/escape-reg-exp";

export type ProductWordKind = "form" | "route" | "packaging" | "salt";
export const PRODUCT_WORD_KINDS: readonly ProductWordKind[] = ["form", "route", "packaging", "salt"];

const groupWords = Object.entries(GROUPS as Record<string, string[] | string>)
  .filter((entry): entry is [string, string[]] => !entry[0].startsWith("_") && Array.isArray(entry[1]))
  .flatMap(([, words]) => words)
  .filter((w) => !/\s/.test(w));

const WORDS: Record<ProductWordKind, ReadonlySet<string>> = {
  form: new Set([...groupWords, ...data.forms].map((w) => w.toLowerCase())),
  route: new Set(data.routes.map((w) => w.toLowerCase())),
  packaging: new Set(data.packaging.map((w) => w.toLowerCase())),
  salt: new Set(data.salts.map((w) => w.toLowerCase())),
};

/** Every word of one kind (lower case). */
export function productWords(kind: ProductWordKind): readonly string[] {
  return [...WORDS[kind]];
}

/** True when a word (any case, trailing punctuation aside) is a product word of one of the kinds. */
export function isProductWord(word: string, kinds: readonly ProductWordKind[] = PRODUCT_WORD_KINDS): boolean {
  const w = word.toLowerCase().replace(/[.,;:]+$/, "");
  return kinds.some((k) => WORDS[k].has(w));
}

const NOT_A_NAME = new Set([...data.units, ...data.descriptions].map((w) => w.toLowerCase()));

/** True when a word can never identify a drug: a product word, a unit of strength, or a describing word ("generic"). */
export function isNeverDrugName(word: string): boolean {
  return isProductWord(word) || NOT_A_NAME.has(word.toLowerCase().replace(/[.,;:]+$/, ""));
}

/** The units of a strength as a regular-expression alternation, longest first ("units" before "unit"). */
export const STRENGTH_UNIT = `(?:${[...data.units].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})`;

const STRENGTH_START = new RegExp(`^\\d|^[\\d.,/-]+${STRENGTH_UNIT}(?![a-z])`, "i");

/** True when a word opens a strength ("40", "0.5mg", ".25mg"): a drug's name ends before it. */
export function startsStrength(word: string): boolean {
  return STRENGTH_START.test(word);
}

const FROM_STRENGTH = new RegExp(`\\b\\d[\\d.,/]*\\s*${STRENGTH_UNIT}?\\b.*$`, "i");

/**
 * The drug's own name in a written drug name: what follows a parenthesis or a strength cut, then trailing form,
 * route, packaging and salt words ("ondansetron hcl tab 8 mg" -> "ondansetron", "Nexium IV" -> "Nexium"). A name
 * made only of such words keeps its first ("sodium phosphate" stays whole, never empty).
 */
export function bareDrugName(written: string): string {
  const words = written.replace(/\(.*$/, "").replace(FROM_STRENGTH, "").split(/\s+/).filter(Boolean);
  while (words.length > 1 && isProductWord(words[words.length - 1]) && !words.slice(0, -1).every((w) => isProductWord(w))) words.pop();
  return words.join(" ").replace(/[,;:]+$/, "").trim();
}
