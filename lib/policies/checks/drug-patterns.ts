// Every name of a drug (generic and brands of the vocabulary, or the name as the policy wrote it) as one pattern.
import { findDrugEntry } from "@/lib/lexicon/drugs";
import { escapeRegExp } from "@/lib/escape-reg-exp";


export function drugNamesOf(drug: string): string[] {
  const entry = findDrugEntry(drug);
  if (entry) return [entry.generic, ...entry.brands];
  return [drug.replace(/\([^)]*\)/g, "").trim(), ...[...drug.matchAll(/\(([^)]+)\)/g)].map((m) => m[1])].filter((s) => s.length >= 3);
}

export function drugPattern(drugs: readonly string[]): RegExp {
  const names = [...new Set(drugs.flatMap(drugNamesOf))].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![A-Za-z0-9])(?:${names.map((n) => escapeRegExp(n).replace(/\s+/g, "\\s+")).join("|")})(?![A-Za-z0-9])`, "i");
}
