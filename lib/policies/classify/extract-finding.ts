// Findings the case's documents must show ("Disease is metastatic", "Documentation of ...", "Symptoms (e.g., ...)"):
// the statement and the words to search for.
import { inadequateResponseProcedures } from "@/lib/lexicon/procedure-response";
import type { Check } from "../types";
import { countedFinding as counted, exampleFinding as examples } from "../classify-finding";
import { trimmed, type CriterionInput } from "./criterion-input";

const STOP = new Set(
  "a an the of to in on for with and or is are be been being has have had was were that this by as at from patient patients member members individual disease diseases used use using therapy treatment treated documentation documented evidence presence which who whose their his her its following one all both any must will shall should may can e.g i.e etc such including include includes other based meets meet criteria criterion including".split(" "),
);

/** Words to look for in the case's documents for a finding ("Disease is metastatic" -> ["metastatic"]). */
export function findingTerms(text: string): string[] {
  const acronyms = [...text.matchAll(/\(([A-Z][A-Z0-9+]{1,9})\)\s*-?\s*([a-z]+)/g)].map((m) => `${m[1].toLowerCase()} ${m[2]}`);
  const core = text
    .replace(/\[[^\]]*\]|\([^)]*\)/g, " ")
    .replace(/\s+-/g, "-")
    .replace(/^(?:the )?(?:disease|tumou?r|cancer|condition|patient|member|individual)\s+(?:is|has|was|are|have|had|shows?|demonstrates?)\s+(?:a |an |the )?/i, "")
    .replace(/^(?:used|use|given|administered)\s+(?:as|for|in)\s+(?:an? |the )?(?:(?:management|treatment) of\s+)?/i, "")
    .replace(/^(?:an? )?(?:documentation|evidence|presence|history) of\s+(?:an? )?/i, "")
    .trim();
  const alternatives = core.split(/\s*\/\s*|\s+or\s+|,\s+(?=[a-z])/i).map((s) => s.replace(/^(?:and|or)\s+/i, "").trim()).filter(Boolean);
  const terms: string[] = [...acronyms];
  for (const alt of alternatives.length > 4 ? [core] : alternatives) {
    const words = alt.toLowerCase().split(/[^a-z0-9+-]+/).filter((w) => (w.length >= 3 || /^(?:i{1,3}|iv|v|vi)$/.test(w)) && !STOP.has(w));
    if (!words.length) continue;
    const picked = words.length <= 3 ? words : [...words].sort((a, b) => b.length - a.length).slice(0, 3);
    terms.push(words.filter((w) => picked.includes(w)).join(" "));
  }
  return [...new Set(terms)];
}

/** The statement with its words, or nothing to search for (not this rule). */
function finding(text: string, what: string): Check | null {
  const terms = findingTerms(what);
  return terms.length ? { kind: "documentation", what: trimmed(text), terms } : null;
}

export const countedFinding = ({ text, lower }: CriterionInput): Check | null => counted(text, lower);
export const exampleFinding = ({ text }: CriterionInput): Check | null => examples(text);

/** "Documentation of X", "chart notes showing X": X's words (none is still a documentation check). */
export function documentedFinding({ text }: CriterionInput): Check {
  const terms = findingTerms(text.replace(/^.*?\b(?:documentation|documented|chart notes?|medical records?)\b\s*(?:of|that|showing|confirming|documenting)?\s*/i, ""));
  return { kind: "documentation", what: trimmed(text), terms };
}

/** "Disease is metastatic", "Presence of X", "Used as adjuvant treatment". */
export const findingStatement = ({ text }: CriterionInput): Check | null => finding(text, text);

/** A short statement of a disease's state: "Stage IV disease", "Relapsed or refractory". */
export const diseaseStatus = ({ text }: CriterionInput): Check | null => (text.split(" ").length <= 12 ? finding(text, text) : null);

/** An item that finishes its intro's subject: "Disease is" + "Metastatic" reads "Disease is metastatic". */
export function inheritedFinding({ text, ctx }: CriterionInput): Check | null {
  // Acronyms keep their case.
  const item = !/\b[A-Z0-9]{2,}\b/.test(text) ? text.toLowerCase() : /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  const statement = ctx.subject ? `${ctx.subject} ${item}` : text;
  const terms = findingTerms(text);
  return terms.length ? { kind: "documentation", what: trimmed(statement), terms } : null;
}

/** "Must not have had an adequate clinical response to surgery, radiation": the procedures (answer-procedure-response.ts). */
export function procedureResponse({ text }: CriterionInput): Check | null {
  const procedures = inadequateResponseProcedures(text);
  return procedures.length ? { kind: "documentation", what: trimmed(text), terms: procedures.map((p) => p.name) } : null;
}
