// The criterion classifier: the first rule of criterion-rules.json that applies to a criterion and reads a check from
// it wins; the check comes with that rule's name, so every criterion says which rule read it.
import type { Check } from "../types";
import { withoutConnector } from "../list-markers";
import { lowerNoMarks, type ClassifyContext, type CriterionInput } from "./criterion-input";
import { CRITERION_RULES, type CompiledRule } from "./criterion-rules";

export interface ReadCriterion {
  check: Check;
  /** The name of the rule that read it ("step.tried-failed"). */
  rule: string;
}

/** The name given to an empty criterion (no rule is asked). */
export const EMPTY_RULE = "manual.empty";

function applies(rule: CompiledRule, input: CriterionInput): boolean {
  if (rule.inherited !== input.ctx.inherited) return false;
  if (!rule.requires.every((cue) => cue(input))) return false;
  if (rule.cues.length && !rule.cues.some((cue) => cue(input))) return false;
  return !rule.exclusions.some((cue) => cue(input));
}

export function readCriterion(rawText: string, ctx: ClassifyContext = {}, rules: readonly CompiledRule[] = CRITERION_RULES): ReadCriterion {
  const text = withoutConnector(rawText).replace(/\s+/g, " ").trim();
  if (!text) return { check: { kind: "manual" }, rule: EMPTY_RULE };
  const input: CriterionInput = { text, lower: lowerNoMarks(text), ctx };
  for (const rule of rules) {
    if (!applies(rule, input)) continue;
    const check = rule.extract(input);
    if (check) return { check, rule: rule.name };
  }
  return { check: { kind: "manual" }, rule: "manual.unread" };
}
