// Drug names as policies and forms write them ("Humira (adalimumab subcutaneous injection)", "Adalimumab 40mg",
// "EPIDIOLEX 100 MG/ML") reduced to the words that identify the drug, so a brand and its generic meet.
import { isNeverDrugName } from "@/lib/lexicon/product-words";

/** The identifying words of a drug name: lower case, 4+ letters, no forms, routes, packaging, salts, units or describing words (the lexicon's). */
export function drugNameTokens(name: string): Set<string> {
  const words = name.toLowerCase().normalize("NFKD").replace(/[^a-z\s-]/g, " ").split(/[\s-]+/);
  return new Set(words.filter((w) => w.length >= 4 && !isNeverDrugName(w)));
}

/** True when two drug names share an identifying word (brand or generic). */
export function drugNamesMatch(a: string, b: string): boolean {
  const left = drugNameTokens(a);
  for (const token of drugNameTokens(b)) if (left.has(token)) return true;
  return false;
}
