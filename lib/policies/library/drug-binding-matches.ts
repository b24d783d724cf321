// Whether a case's drug is one a policy section is bound to: the ONE test used to pick a section of a document and a
// policy of the library, so a section of another drug is never chosen. Written names are resolved through the drug
// vocabulary (brand <-> generic, lib/lexicon); a binding that names a drug class ("TNF blockers") covers the class's
// members; names outside the vocabulary must share every identifying word of the shorter name ("insulin lispro" is
// not "insulin glargine").
import { classesInText, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry, findDrugMentions } from "@/lib/lexicon/drugs";
import { drugNameTokens } from "../drug-names";

export type BindingMatch = "name" | "class" | null;

function tokensNest(a: string, b: string): boolean {
  const ta = drugNameTokens(a);
  const tb = drugNameTokens(b);
  if (!ta.size || !tb.size) return false;
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  for (const t of small) if (!large.has(t)) return false;
  return true;
}

/** How a case's drug name meets one name of a section's binding: the same drug, a member of the class it names, or not. */
export function drugMatchesBindingName(caseDrug: string, bound: string): BindingMatch {
  const entry = findDrugEntry(caseDrug);
  const boundEntries = new Set(findDrugMentions(bound).map((m) => m.entry));
  if (entry && boundEntries.size) return boundEntries.has(entry) ? "name" : null;
  if (entry) {
    // The binding names no known drug: a class ("DPP-4 inhibitors"), or a drug outside the vocabulary.
    const classes = classesInText(bound);
    if (classes.some((id) => isInClass(caseDrug, id))) return "class";
    if (classes.length) return null;
    return [entry.generic, ...entry.brands].some((n) => tokensNest(n, bound)) ? "name" : null;
  }
  if (boundEntries.size) {
    // The case's drug is unknown to the vocabulary while the binding names known drugs: only their written names meet.
    return [...boundEntries].some((e) => [e.generic, ...e.brands].some((n) => tokensNest(caseDrug, n))) ? "name" : null;
  }
  return tokensNest(caseDrug, bound) ? "name" : null;
}

/** The best match of any of the case's drug names against any of the binding's names ("name" beats "class"). */
export function drugsMatchBinding(caseDrugs: readonly string[], boundNames: readonly string[]): BindingMatch {
  let best: BindingMatch = null;
  for (const drug of caseDrugs) {
    for (const bound of boundNames) {
      const match = drugMatchesBindingName(drug, bound);
      if (match === "name") return "name";
      if (match) best = match;
    }
  }
  return best;
}
