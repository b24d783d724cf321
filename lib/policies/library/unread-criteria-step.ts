// A policy (or document section) whose criteria tree is empty is never evaluated as if met: the check then holds one
// manual step saying that no criteria could be read for the drug in the document, so a person reads it.
import { summarizePolicyCheck } from "../summarize-policy-check";
import type { ParsedPolicy, PolicyCheckStep, PolicyEvaluation } from "../types";

export const UNREAD_CRITERIA_ID = "no-criteria-read";

export function unreadCriteriaStep(policy: ParsedPolicy, drug: string): PolicyCheckStep {
  const where = policy.title ? `"${policy.title}"` : "the policy document";
  const what = `no criteria could be read for ${drug} in ${where}`;
  return {
    step: 1,
    criterionId: UNREAD_CRITERIA_ID,
    question_or_action: `Read the criteria for ${drug} in ${where}`,
    answer: what.charAt(0).toUpperCase() + what.slice(1),
    passed: false,
    outcome: "manual",
    reason: `${what.charAt(0).toUpperCase() + what.slice(1)}: a reviewer must read the document's criteria for this drug.`,
    policy_guideline_quoted_source: "",
    policyQuote: { page: 1, text: "" },
    evidence: [],
  };
}

/** The evaluation as is when it has steps; else one manual step in their place, never an empty (met) check. */
export function withUnreadCriteriaStep(result: PolicyEvaluation, policy: ParsedPolicy, drug: string): PolicyEvaluation {
  if (result.steps.length) return result;
  const steps = [unreadCriteriaStep(policy, drug)];
  return { ...result, steps, summary: summarizePolicyCheck(steps), selection: `${result.selection ?? ""} No criteria could be read: one manual step.` };
}
