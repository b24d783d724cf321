// Drug names as policies and forms write them ("Humira (adalimumab subcutaneous injection)", "Adalimumab 40mg",
// "EPIDIOLEX 100 MG/ML") reduced to the words that identify the drug, so a brand and its generic meet.
import { DOSAGE_FORMS, ROUTES, SALTS } from "@/lib/lexicon/drugs";

const NOT_A_DRUG = new Set([
  "oral", "solution", "suspension", "tablet", "tablets", "tab", "tabs", "capsule", "capsules", "cap", "caps", "injection", "injectable",
  "subcutaneous", "intravenous", "intramuscular", "topical", "cream", "ointment", "gel", "patch", "pen", "syringe", "prefilled", "kit",
  "extended", "release", "delayed", "chewable", "dispersible", "film", "coated", "powder", "for", "and", "with", "the", "of", "per",
  "mg", "ml", "mcg", "units", "unit", "dose", "daily", "once", "twice", "inhalation", "nasal", "spray", "vial", "vials", "single",
  "product", "products", "generic", "brand", "all", "other", "drug", "drugs", "medication", "medications", "therapy", "hydrochloride",
  "hcl", "sodium", "potassium", "acetate", "sulfate", "citrate", "tartrate", "maleate", "mesylate", "besylate", "succinate",
  // Dosage forms, routes and salts of the lexicon (lib/lexicon/data/drugs.json).
  ...DOSAGE_FORMS, ...ROUTES, ...SALTS,
]);

/** The identifying words of a drug name: lower case, 4+ letters, no forms, routes, units or salts. */
export function drugNameTokens(name: string): Set<string> {
  const words = name.toLowerCase().normalize("NFKD").replace(/[^a-z\s-]/g, " ").split(/[\s-]+/);
  return new Set(words.filter((w) => w.length >= 4 && !NOT_A_DRUG.has(w)));
}

/** True when two drug names share an identifying word (brand or generic). */
export function drugNamesMatch(a: string, b: string): boolean {
  const left = drugNameTokens(a);
  for (const token of drugNameTokens(b)) if (left.has(token)) return true;
  return false;
}
