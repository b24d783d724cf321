// Stage (b) of the evaluation: a case decided with its section's criteria as a clinical admin published them
// (criteria/NNN.json, sent as the check's `policy_payload`), so reading the policy PDF is factored out. Pure: the
// case's documents are read and its intake extracted by the caller (run-evaluation.ts).
//
// Labelled criteria: an approve case (expected approved) labels `criteria_checked`, each to be met; a deny case labels
// its `deciding_criterion`, to be not met. A labelled criterion is answered as the steps reading it are
// (label-criteria.ts: met when one of them is met). **False met**: a labelled criterion answered met that the label
// says is not met (the deciding criterion of a deny case; an approve case has none).
import type { ClaimRecord } from "@/lib/claims/types";
import type { DeterminationStatus } from "@/lib/determinations/decide";
import type { IntakeFacts } from "@/lib/intake/types";
import type { CriteriaNode, ParsedPolicy, PolicyCheckStep } from "@/lib/policies/types";
import { withUnreadCriteriaStep } from "@/lib/policies/library/unread-criteria-step";
import { checkAndDecide, type EvaluationCase } from "./evaluate-case";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { answerOfLabel, type LabelledAnswer } from "./label-criteria";

export interface LabelledCriterionOutcome {
  text: string;
  expected: "met" | "not_met";
  answer: LabelledAnswer;
  agrees: boolean;
  falseMet: boolean;
  /** The steps that read it, as "step N outcome". */
  steps: string[];
}

export interface PublishedOutcome {
  key: string;
  group: string;
  expected: EvaluationCase["expected"];
  status: DeterminationStatus;
  /** The published section the check chose (initial or continuation). */
  section: string | null;
  criteria: LabelledCriterionOutcome[];
  /** Every labelled criterion answered as labelled (false when the label names none). */
  criteriaAgree: boolean;
  determinationAgrees: boolean;
  falseApproval: boolean;
  /** Answers of the steps on the check's path (alternatives another branch made unnecessary left out). */
  steps: { met: number; notMet: number; missing: number; manual: number };
  stepLines: string[];
}

/** The labelled criteria of a case: the approve case's criteria_checked (met), the deny case's deciding criterion (not met). */
export function labelledCriteria(c: Pick<EvaluationCase, "expected" | "decidingCriterion" | "label">): { text: string; expected: "met" | "not_met" }[] {
  if (c.expected === "approved") {
    const checked = Array.isArray(c.label.criteria_checked) ? c.label.criteria_checked.map(String) : [];
    return checked.map((text) => ({ text, expected: "met" as const }));
  }
  return c.decidingCriterion ? [{ text: c.decidingCriterion, expected: "not_met" }] : [];
}

/** criterion id -> the texts of the groups it stands in, outermost first ("Diagnosis of one of the following:"). */
export function groupTextsOf(policy: ParsedPolicy): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: CriteriaNode, above: string[]) => {
    if (node.kind === "criterion") out.set(node.id, above.join(" "));
    else node.children.forEach((child) => walk(child, node.text ? [...above, node.text] : above));
  };
  for (const section of policy.sections) walk(section.criteria, []);
  return out;
}

const count = (steps: readonly PolicyCheckStep[], o: PolicyCheckStep["outcome"]) => steps.filter((s) => s.outcome === o).length;

export function decideWithPublished(opts: { testCase: EvaluationCase; policy: ParsedPolicy; facts: IntakeFacts; documents: SourceDocument[]; claims?: ClaimRecord[] }): PublishedOutcome {
  const { testCase: c, policy, facts } = opts;
  const drug = facts.medicationRequests[0]?.name ?? c.drug;
  const run = checkAndDecide({ policy, facts, documents: opts.documents, claims: opts.claims ?? [], asOf: c.asOf, binding: `the published criteria document "${policy.title}" (policy_payload)` });
  // As the API answers a policy_payload check: a policy whose tree is empty gets one manual step, never a met check.
  const steps = withUnreadCriteriaStep(run.result, policy, drug).steps;
  const groups = groupTextsOf(policy);
  const criteria = labelledCriteria(c).map(({ text, expected }) => {
    const { answer, steps: reading } = answerOfLabel(steps, text, (id) => groups.get(id) ?? "");
    return { text, expected, answer, agrees: answer === expected, falseMet: expected === "not_met" && answer === "met", steps: reading.map((s) => `step ${s.step} ${s.notNeeded ? "met (not needed)" : s.outcome}`) };
  });
  const approved = run.decision.status === "approved";
  const decidingNotMet = criteria.some((x) => x.expected === "not_met" && x.answer === "not_met");
  return {
    key: c.key,
    group: c.group,
    expected: c.expected,
    status: run.decision.status,
    section: run.result.section?.title ? `${run.result.section.title} (${run.result.section.kind})` : null,
    criteria,
    criteriaAgree: criteria.length > 0 && criteria.every((x) => x.agrees),
    determinationAgrees: c.expected === "approved" ? approved : c.expected === "denied" ? !approved && decidingNotMet : run.decision.status === "request_for_information",
    falseApproval: approved && c.expected !== "approved",
    steps: { met: count(run.path, "met"), notMet: count(run.path, "not_met"), missing: count(run.path, "missing"), manual: count(run.path, "manual") },
    stepLines: steps.map((s) => `${s.step}. [${s.notNeeded ? "not needed" : s.outcome}] ${s.question_or_action} -> ${s.outcome === "met" ? s.answer : s.reason}`),
  };
}
