// Other drugs the requested one is used with, or must not be used with.
import { classesInText } from "@/lib/lexicon/drug-classes";
import type { Check } from "../types";
import { drugsIn, trimmed, type CriterionInput } from "./criterion-input";

/** "Will not be used in combination with another biologic": the drugs or classes named (none named: not this rule). */
export function excludedTherapies({ text, lower, ctx }: CriterionInput): Check | null {
  const drugClasses = classesInText(lower);
  const drugs = drugsIn(text, ctx.coveredDrugs ?? []);
  return drugs.length || drugClasses.length ? { kind: "concurrent_therapy_exclusion", drugs, drugClasses } : null;
}

/** "Used in combination with Nexavar": the drugs named, else the words after "with". */
export function combinationWith({ text, ctx }: CriterionInput): Check | null {
  const drugs = drugsIn(text, ctx.coveredDrugs ?? []);
  const written = /\b(?:with|to)\s+(.+)$/i.exec(text)?.[1]?.replace(/[.;:]+$/, "");
  return drugs.length || written ? { kind: "combination_therapy", drugs: drugs.length ? drugs : [written as string] } : null;
}

export function inheritedCombination({ text }: CriterionInput): Check {
  const drugs = drugsIn(text);
  return { kind: "combination_therapy", drugs: drugs.length ? [drugs[0]] : [trimmed(text)] };
}

export function inheritedExclusion({ text, lower }: CriterionInput): Check {
  return { kind: "concurrent_therapy_exclusion", drugs: drugsIn(text).length ? drugsIn(text) : [text], drugClasses: classesInText(lower) };
}
