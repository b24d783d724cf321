// Diagnoses: the names a criterion gives and their ICD-10-CM prefixes (codes written in it, then the condition names).
import { findIcd10Codes } from "@/lib/lexicon/codes/icd10";
import type { Check } from "../types";
import { icd10PrefixesFor, looksLikeCondition } from "../conditions";
import { criterionPattern } from "./criterion-patterns";
import { trimmed, type CriterionInput } from "./criterion-input";

function diagnosisNames(text: string): string[] {
  const after = /\b(?:diagnosis|dx) of\s+(?:(?:a|an|the)\s+)?(.+)$/i.exec(text) ?? /\bdiagnosed with\s+(?:(?:a|an)\s+)?(.+)$/i.exec(text) ?? /\b(?:has|with)\s+(?:(?:a|an)\s+)?(?:confirmed |documented |established |definitive )?(.+)$/i.exec(text);
  const phrase = (after ? after[1] : text).replace(/[.;:]+$/, "").trim();
  const parts = phrase
    .split(/\s*\/\s*(?=[A-Za-z]{3})|\s+or\s+|;\s*/)
    .flatMap((s) => seriesItems(s, phrase))
    .map((s) => s.replace(/^(?:a|an|the)\s+/i, "").trim())
    .filter((s) => s.length > 2);
  return parts.length ? parts : [phrase];
}

/**
 * A series "hypertension, heart failure or diabetic kidney disease": the comma-separated names before its "or" / "and"
 * are names of their own when each is a condition; a comma inside one name ("hormone receptor positive, HER2-negative
 * advanced ...") is kept.
 */
function seriesItems(part: string, phrase: string): string[] {
  if (!part.includes(",") || !/\s(?:or|and)\s/.test(phrase)) return [part];
  // Commas inside parentheses ("a hypersecretory condition (e.g., Zollinger-Ellison)") part no names.
  const items = splitOutsideParentheses(part).filter(Boolean);
  return items.length > 1 && items.every((i) => looksLikeCondition(i)) ? items : [part];
}

function splitOutsideParentheses(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth = Math.max(0, depth - 1);
    else if (text[i] === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** "Diagnosis of advanced renal cell cancer/kidney cancer" -> both names, C64 and C65. */
export function diagnosis({ text }: CriterionInput): Check {
  const names = diagnosisNames(text);
  const codes = findIcd10Codes(text).map((c) => c.code);
  const prefixes = [...new Set([...codes, ...names.flatMap(icd10PrefixesFor)])];
  return { kind: "diagnosis", names, icd10Prefixes: prefixes };
}

/** "Patient has rheumatoid arthritis": a condition of the vocabulary, asserted, not a state of disease. */
export function diagnosisHasCondition(input: CriterionInput): Check | null {
  const has = criterionPattern("has-condition").exec(input.text);
  if (!has || !looksLikeCondition(has[1]) || criterionPattern("negative").test(has[1]) || /\b(?:symptomatic|progressive|recurrent|metastatic)\s+disease\b/i.test(has[1])) return null;
  return diagnosis(input);
}

/** A short condition name alone: "Plaque psoriasis". */
export const conditionName = (input: CriterionInput): Check | null => (looksLikeCondition(input.text) && input.text.split(" ").length <= 8 ? diagnosis(input) : null);

/** An item of "Diagnosis of one of the following:": the item is the name. */
export function inheritedDiagnosis({ text }: CriterionInput): Check {
  return { kind: "diagnosis", names: [trimmed(text)], icd10Prefixes: [...new Set([...findIcd10Codes(text).map((c) => c.code), ...icd10PrefixesFor(text)])] };
}
