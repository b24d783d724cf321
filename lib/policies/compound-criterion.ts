// A criterion that joins a finding and a drug trial with "and" ("Philadelphia chromosome-positive (Ph+) disease and
// intolerant or refractory to at least one second-generation TKI") states two requirements: the trial wording makes
// the whole read as step therapy, so the finding would go unchecked. Split at that "and", both parts are checked
// (ALL), each classified on its own.
import { readCriterion, type ClassifyContext } from "./classify-criterion";
import type { Check } from "./types";
import { forEachOutsideBrackets } from "@/lib/lexicon/sentences";

/** The second part opens with a trial: "intolerant or refractory to", "has failed", "is resistant to". */
const TRIAL_OPENING =
  /^(?:(?:the )?(?:patient|member|individual)\s+)?(?:(?:has|have|is|was|were|had)\s+(?:been\s+|had\s+)?)?(?:an?\s+)?(?:intoleran\w*|refractory|resistant|failed|failure|tried|inadequate(?:ly)?|contraindicat\w*|progressed|unable to tolerate|did not (?:respond|tolerate)|not responded|previously treated|prior (?:treatment|therapy))\b/i;

/** Kinds a finding part may have: what the documents or the intake facts can show. */
const FINDING_KINDS = new Set<Check["kind"]>(["diagnosis", "documentation", "lab_threshold", "age"]);

/** Positions of " and " outside brackets. */
function topLevelAnds(text: string): number[] {
  const out: number[] = [];
  forEachOutsideBrackets(text, (i) => {
    if (/^\sand\s/i.test(text.slice(i, i + 5))) out.push(i);
  });
  return out;
}

export interface CompoundPart {
  text: string;
  check: Check;
  /** The classifier's rule that read the part. */
  rule: string;
}

/**
 * Score thresholds given as alternatives, "Poor symptom control (e.g., ACQ score consistently greater than 1.5 or
 * ACT score consistently less than 20)": any one of them (ANY), each a lab / score check of its own.
 */
export function alternativeThresholds(text: string, ctx: ClassifyContext = {}): CompoundPart[] | null {
  const inner = /\((?:e\.g\.|i\.e\.|such as)[,:]?\s*(.+)\)\s*$/i.exec(text)?.[1];
  if (!inner) return null;
  const parts = inner.split(/\s+or\s+(?=[A-Z])/).map((p) => p.trim());
  if (parts.length < 2) return null;
  const checked = parts.map((p) => ({ text: p, ...readCriterion(p, { ...ctx, inherited: undefined }) }));
  return checked.every((c) => c.check.kind === "lab_threshold") ? checked : null;
}

/**
 * The finding and the trial of a step-therapy criterion that states both, or null. The finding part must classify
 * as something checkable on its own (a diagnosis, a documented finding, a lab value, an age).
 */
export function compoundParts(text: string, whole: Check, ctx: ClassifyContext = {}): [CompoundPart, CompoundPart] | null {
  if (whole.kind !== "step_therapy") return null;
  for (const at of topLevelAnds(text)) {
    const finding = text.slice(0, at).replace(/[,;]\s*$/, "").trim();
    const trial = text.slice(at + 5).trim();
    if (finding.split(/\s+/).length < 2 || !TRIAL_OPENING.test(trial)) continue;
    const findingRead = readCriterion(finding, { ...ctx, inherited: undefined });
    const trialRead = readCriterion(trial, { ...ctx, inherited: undefined });
    if (!FINDING_KINDS.has(findingRead.check.kind) || trialRead.check.kind !== "step_therapy") continue;
    return [
      { text: finding, ...findingRead },
      { text: trial, ...trialRead },
    ];
  }
  return null;
}
