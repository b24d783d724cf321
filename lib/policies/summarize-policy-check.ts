// The roll-up of a policy check: the criteria tree's ALL / ANY (at least N) logic over the steps' outcomes. A group
// is met when its logic is satisfied by met steps, not met when it can no longer be, and open (missing) otherwise;
// manual steps are open until a clinician answers them.
import type { CriteriaNode, PolicyCheckStep, PolicyCheckSummary, StepOutcome } from "./types";

export type NodeStatus = "met" | "not_met" | "open";

/** Status of a criteria node from its leaves' outcomes (criterion id -> outcome); leaves without one are open. */
export function nodeStatus(node: CriteriaNode, outcomes: ReadonlyMap<string, StepOutcome>): NodeStatus {
  if (node.kind === "criterion") {
    const outcome = outcomes.get(node.id);
    return outcome === "met" ? "met" : outcome === "not_met" ? "not_met" : "open";
  }
  const statuses = node.children.map((c) => nodeStatus(c, outcomes));
  const met = statuses.filter((s) => s === "met").length;
  const open = statuses.filter((s) => s === "open").length;
  const need = node.logic === "all" ? statuses.length : Math.min(node.minCount ?? 1, statuses.length);
  if (met >= need) return "met";
  if (met + open < need) return "not_met";
  return "open";
}

/** Overall result and the step numbers that failed, lack evidence, or need a clinician. */
export function summarizePolicyCheck(steps: readonly PolicyCheckStep[], criteria?: CriteriaNode | null): PolicyCheckSummary {
  const failedSteps = steps.filter((s) => s.outcome === "not_met").map((s) => s.step);
  const missingSteps = steps.filter((s) => s.outcome === "missing").map((s) => s.step);
  const manualSteps = steps.filter((s) => s.outcome === "manual").map((s) => s.step);
  let overall: PolicyCheckSummary["overall"];
  if (criteria) {
    const outcomes = new Map(steps.map((s) => [s.criterionId, s.outcome]));
    // Steps outside the tree (limits that apply to every indication) must all be met.
    const extra = steps.filter((s) => !hasCriterion(criteria, s.criterionId));
    const status = nodeStatus(criteria, outcomes);
    const extraStatus: NodeStatus = extra.some((s) => s.outcome === "not_met") ? "not_met" : extra.every((s) => s.outcome === "met") ? "met" : "open";
    overall = status === "not_met" || extraStatus === "not_met" ? "not_met" : status === "met" && extraStatus === "met" ? "met" : "missing";
  } else {
    overall = failedSteps.length ? "not_met" : missingSteps.length || manualSteps.length || !steps.length ? "missing" : "met";
  }
  return { overall, failedSteps, missingSteps, manualSteps };
}

function hasCriterion(node: CriteriaNode, id: string): boolean {
  return node.kind === "criterion" ? node.id === id : node.children.some((c) => hasCriterion(c, id));
}
