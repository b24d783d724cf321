// A lab threshold that depends on the diagnosis: "LDL-C ... at least: 70 mg/dL for a patient with clinical ASCVD, or
// 100 mg/dL for a patient with HeFH or HoFH who does not have clinical ASCVD", "LDL-C ≥ 70 mg/dL (ASCVD) or ≥ 100 mg/dL
// (HeFH)". Each value with the diagnoses it applies to, in the policy's order (the first the case shows decides).
import { LAB_ANALYTES } from "@/lib/lexicon/labs";
import type { Check } from "../types";
import { icd10PrefixesFor, looksLikeCondition } from "../conditions";
import { criterionPattern } from "./criterion-patterns";
import { num, type CriterionInput } from "./criterion-input";
import { trialWindow } from "./extract-step-therapy";

const UNITS = criterionPattern("lab-units").source;
const VALUE = `(\\d[\\d,]*(?:\\.\\d+)?)\\s*${UNITS}?`;
/** "70 mg/dL for a patient with clinical ASCVD", "100 mg/dL in patients with HeFH". */
const FOR_PATIENTS = new RegExp(`${VALUE}(\\s*or (?:more|greater|higher|above|less|lower|below))?\\s*(?:for|in)\\s+(?:a\\s+|the\\s+)?(?:patients?|members?|individuals?|adults?|those|people)\\s+(?:with|who have|diagnosed with)\\s+([^,;]+?)(?=\\s*(?:[,;]|\\.(?:\\s|$)|$|\\s+or\\s+(?:at least\\s*:?\\s*|[<>]=?\\s*)?\\d))`, "g");
/** "70 mg/dL (ASCVD)". */
const BRACKETED = new RegExp(`${VALUE}()\\s*\\(([^)]+)\\)`, "g");
/** A clause after the diagnosis that narrows it ("who does not have clinical ASCVD"): the alternatives' order says it. */
const NARROWING = /\s+(?:who|that|without|but|and (?:no|not))\b.*$/;

function comparatorBefore(words: string): "<" | "<=" | ">" | ">=" | null {
  if (/\b(?:at least|or (?:more|greater|higher|above))\b|>=/.test(words)) return ">=";
  if (/\b(?:at most|no (?:more|greater) than|or (?:less|lower|below))\b|<=/.test(words)) return "<=";
  if (/\b(?:greater than|more than|above|exceed\w*|over)\b|>/.test(words)) return ">";
  if (/\b(?:less than|below|under)\b|</.test(words)) return "<";
  return null;
}

/** A fragment of the lowered criterion as the policy writes it (the lowered text writes "≥" as ">=", so offsets differ). */
function asWritten(text: string, fragment: string): string {
  const at = text.toLowerCase().indexOf(fragment);
  return at >= 0 ? text.slice(at, at + fragment.length) : fragment;
}

/** The analyte the words name, as written: the earliest name of the lab lexicon standing as a word of its own. */
function analyteIn(text: string, lower: string): string | null {
  let best: { at: number; length: number } | null = null;
  for (const a of LAB_ANALYTES) {
    for (const name of a.names) {
      const m = new RegExp(`(?<![a-z0-9-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z0-9])`).exec(lower);
      if (m && (!best || m.index < best.at || (m.index === best.at && name.length > best.length))) best = { at: m.index, length: name.length };
    }
  }
  return best ? asWritten(text, lower.slice(best.at, best.at + best.length)) : null;
}

export function labThresholdByDiagnosis({ text, lower }: CriterionInput): Check | null {
  const pairs = [...lower.matchAll(FOR_PATIENTS)];
  const found = pairs.length >= 2 ? pairs : [...lower.matchAll(BRACKETED)].filter((m) => looksLikeCondition(m[4]) || icd10PrefixesFor(m[4]).length);
  if (found.length < 2) return null;
  const first = found[0].index ?? 0;
  const around = lower.slice(Math.max(0, first - 40), first) + (found[0][3] ?? "");
  const comparator = comparatorBefore(around) ?? comparatorBefore(lower.slice(0, first));
  const analyte = analyteIn(text, lower.slice(0, first));
  if (!comparator || !analyte) return null;
  const byDiagnosis = found.map((m) => {
    const written = asWritten(text, m[4].trim()).replace(NARROWING, "").trim();
    const names = written.split(/\s+or\s+|\s*\/\s*|,\s*/).map((n) => n.replace(/^(?:a|an|the)\s+/i, "").trim()).filter((n) => n.length > 1);
    return { value: num(m[1]), names, icd10Prefixes: [...new Set(names.flatMap((n) => icd10PrefixesFor(n)))] };
  });
  if (byDiagnosis.some((b) => Number.isNaN(b.value) || !b.names.length)) return null;
  const check: Check = { kind: "lab_threshold", analyte, comparator, value: byDiagnosis[0].value, byDiagnosis };
  const unit = found.find((m) => m[2])?.[2];
  if (unit) check.unit = unit;
  const window = trialWindow(lower);
  if (window) check.withinDays = window;
  return check;
}
