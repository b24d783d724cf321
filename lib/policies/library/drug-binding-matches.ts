// Whether a case's drug is one a policy section is bound to: the ONE test used to pick a section of a document and a
// policy of the library, so a section of another drug is never chosen. Written names are resolved through the drug
// vocabulary (brand <-> generic, lib/lexicon); a binding that names a drug class ("TNF blockers") covers the class's
// members; names outside the vocabulary must share every identifying word of the shorter name ("insulin lispro" is
// not "insulin glargine").
import { classesInText, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry, findDrugMentions } from "@/lib/lexicon/drugs";
import { drugNameWords, sameDrug, SAME_DRUG } from "@/lib/lexicon/same-drug";

export type BindingMatch = "name" | "class" | null;

/**
 * A combination product as written: ingredients joined by "/" ("pioglitazone/metformin"), or two drugs of the
 * vocabulary joined by "-" ("sitagliptin-metformin"; "adalimumab-atto" is one drug). Returns the ingredients and the
 * rest of the name (a brand, "ACTOPLUS MET"), or null.
 */
function combinationOf(text: string): { parts: string[]; rest: string } | null {
  const slash = /[a-z][a-z-]{3,}(?:\s*\/\s*[a-z][a-z-]{3,})+/i.exec(text);
  if (slash) {
    const parts = slash[0].split("/").map((p) => p.trim());
    if (parts.every((p) => drugNameWords(p).size)) return { parts, rest: text.slice(0, slash.index) + text.slice(slash.index + slash[0].length) };
  }
  const mentions = findDrugMentions(text);
  for (let i = 1; i < mentions.length; i++) {
    const [a, b] = [mentions[i - 1], mentions[i]];
    if (a.entry !== b.entry && /^\s*-\s*$/.test(text.slice(a.end, b.start))) return { parts: [a.written, b.written], rest: text.slice(0, a.start) + text.slice(b.end) };
  }
  return null;
}

/** Whether the request names this ingredient: the same vocabulary drug, or the same identifying words. */
function namesIngredient(caseDrug: string, ingredient: string): boolean {
  const entry = findDrugEntry(ingredient);
  if (entry && findDrugMentions(caseDrug).some((m) => m.entry === entry)) return true;
  return sameDrug(ingredient, caseDrug, SAME_DRUG.ingredient);
}

/** How a case's drug name meets one name of a section's binding: the same drug, a member of the class it names, or not. */
export function drugMatchesBindingName(caseDrug: string, bound: string): BindingMatch {
  const entry = findDrugEntry(caseDrug);
  const boundEntries = new Set(findDrugMentions(bound).map((m) => m.entry));
  // A combination product is another drug than each of its ingredients: the request must name all of them.
  const combination = combinationOf(bound);
  if (combination) {
    // The vocabulary's own combination entry, by any of its names ("Suboxone" for "buprenorphine/naloxone"); a
    // single ingredient's entry mentioned inside the combination is not it.
    if (entry && /\//.test(entry.generic) && boundEntries.has(entry)) return "name";
    if (combination.parts.every((part) => namesIngredient(caseDrug, part))) return "name";
    // The combination's own brand ("Actoplus Met") written by a request that names no single ingredient.
    return !entry && sameDrug(caseDrug, combination.rest, SAME_DRUG.shared) ? "name" : null;
  }
  if (entry && boundEntries.size) return boundEntries.has(entry) ? "name" : null;
  if (entry) {
    // The binding names no known drug: a class ("DPP-4 inhibitors"), or a drug outside the vocabulary.
    const classes = classesInText(bound);
    if (classes.some((id) => isInClass(caseDrug, id))) return "class";
    if (classes.length) return null;
    return [entry.generic, ...entry.brands].some((n) => sameDrug(n, bound, SAME_DRUG.binding)) ? "name" : null;
  }
  if (boundEntries.size) {
    // The case's drug is unknown to the vocabulary while the binding names known drugs: only their written names meet.
    return [...boundEntries].some((e) => [e.generic, ...e.brands].some((n) => sameDrug(caseDrug, n, SAME_DRUG.binding))) ? "name" : null;
  }
  return sameDrug(caseDrug, bound, SAME_DRUG.binding) ? "name" : null;
}

/** The best match of one case drug name against any of the binding's names ("name" beats "class"). */
export function drugMatchesBinding(caseDrug: string, boundNames: readonly string[]): BindingMatch {
  let best: BindingMatch = null;
  for (const bound of boundNames) {
    const match = drugMatchesBindingName(caseDrug, bound);
    if (match === "name") return "name";
    if (match) best = match;
  }
  return best;
}

/** The best match of any of the case's drug names against any of the binding's names ("name" beats "class"). */
export function drugsMatchBinding(caseDrugs: readonly string[], boundNames: readonly string[]): BindingMatch {
  let best: BindingMatch = null;
  for (const drug of caseDrugs) {
    const match = drugMatchesBinding(drug, boundNames);
    if (match === "name") return "name";
    if (match) best = match;
  }
  return best;
}

/**
 * The case's drug names a policy may be chosen by, in order: the requested drug (the first name) and, only while the
 * names before are no drug the vocabulary knows (a form label misread as a drug), the next ones. A co-medication the
 * request also lists never selects its own policy in place of the requested drug's.
 */
export function requestedDrugNames(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    out.push(name);
    if (findDrugEntry(name)) break;
  }
  return out;
}
