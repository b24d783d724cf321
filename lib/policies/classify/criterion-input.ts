// What every criterion rule and extractor reads: the criterion's text, the same lower-cased with its symbols written
// out, and what the surrounding list and section say about it.
import { findDrugMentions } from "@/lib/lexicon/drugs";

export type ChildKind = "diagnosis" | "step_therapy" | "combination_therapy" | "documentation" | "concurrent_therapy_exclusion" | "prescriber_specialty";

export interface ClassifyContext {
  /** What a list's intro says its items are ("Diagnosis of one of the following:" -> diagnosis). */
  inherited?: ChildKind;
  /** The intro's subject for inherited findings: "Disease is" of "Disease is one of the following:". */
  subject?: string;
  /** The policy's covered drugs: "other" drugs exclude them. */
  coveredDrugs?: string[];
  /** Notes under the criterion ("Note: Examples of other antiseizure medications include ..."). */
  notes?: string[];
  /** The section's phase: in continuation criteria, "has experienced a reduction in seizures" is a response. */
  phase?: "initial" | "continuation" | "general";
}

export interface CriterionInput {
  text: string;
  lower: string;
  ctx: ClassifyContext;
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, both: 2, single: 1 };
export const num = (s: string) => WORD_NUMBERS[s.toLowerCase()] ?? Number(s.replace(/,/g, ""));

// Greek mu and the micro sign are one unit prefix ("cells/μL" ~ "cells/µL").
export const lowerNoMarks = (text: string) => text.toLowerCase().replace(/≥/g, ">=").replace(/≤/g, "<=").replace(/[’]/g, "'").replace(/μ/g, "µ");

/** Drug names a text mentions (vocabulary), brand and generic folded to one entry, in order. */
export function drugsIn(text: string, exclude: readonly string[] = []): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of findDrugMentions(text)) {
    if (seen.has(m.entry.generic)) continue;
    if (exclude.some((x) => findDrugMentions(x).some((e) => e.entry === m.entry))) continue;
    seen.add(m.entry.generic);
    out.push(m.written);
  }
  return out;
}

/** The text without its closing punctuation: what a check quotes as `what` or a name. */
export const trimmed = (text: string) => text.replace(/[.;:]+$/, "");
