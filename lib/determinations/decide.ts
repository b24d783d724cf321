// The determination engine: pure and deterministic. It weighs the policy check's steps, the claims and the case
// history, and writes numbered reasoning with a source for every line. It approves on its own; an adverse outcome
// is recommended and, under the workspace's rule, pended for a clinician. An approval must hold every safety
// invariant of approval-invariants.ts; when one fails the case is pended and the reasons name it.
import { describeIdentityConflicts, failedApprovalInvariants, type IdentityConflictLike, type PolicyBinding } from "./approval-invariants";

export type StepOutcome = "met" | "not_met" | "missing" | "manual";
export type DeterminationStatus = "approved" | "denied" | "request_for_information" | "pending_review";

/** What the engine needs of a policy check step (lib/policies' PolicyCheckStep has these fields and more). */
export interface DecisionStep {
  step: number;
  question_or_action: string;
  answer: string;
  reason: string;
  passed: boolean;
  outcome: StepOutcome;
  missingInformation?: string;
  /** Not met itself, while another alternative of its ONE-of group may still meet it: nothing to ask for. */
  closedAlternative?: boolean;
  /** Part of branch `branch` of an open ONE-of group: asked for as one of its alternatives. */
  openAlternative?: { group: string; branch: number };
  /** Met only because another alternative of its ONE-of group is: not on the satisfied path. */
  notNeeded?: boolean;
  /** What the step cites (an approval needs it on every step of the satisfied path). */
  evidence?: readonly unknown[];
}

export interface DecisionInput {
  policy: { title: string; version: number | null; section: string | null; source: "library" | "policy_document_url" | "policy_payload" };
  steps: DecisionStep[];
  claims: { claim_id: string; date: string; type: string; status: string; drug_name?: string; ndc?: string }[];
  testClaim: { claim_id: string; date: string; status: string; expected_coverage?: boolean; adjudication_notes?: string } | null;
  /** Earlier prior authorizations of this workspace for the same patient and drug. */
  history: { caseId: string; status: string; receivedAt: string }[];
  subject: { patient: string | null; drug: string | null; diagnosis: string | null };
  requireClinicianForAdverse: boolean;
  /** The workspace's rule: an approval that meets every safety invariant is final (default), or waits for a reviewer. */
  engineApprovalsFinal?: boolean;
  /** Whether the policy (section) is bound to the requested drug. */
  binding: PolicyBinding;
  /** Patient identity conflicts between the case's documents (the intake's). */
  identityConflicts?: readonly IdentityConflictLike[];
  /**
   * The facts a notice names that no person or document has verified (an unread patient name or drug), as the one
   * notice gate lists them (lib/intake/corrections.ts unverifiedNoticeFacts): an approval then waits for a person.
   */
  unverifiedNoticeFacts?: readonly NoticeFactGap[];
}

/** A fact a notice cannot be issued without, and what to correct. */
export interface NoticeFactGap {
  field: string;
  message: string;
}

export interface ReasoningLine {
  step: number;
  description: string;
  source: string;
}

export interface Decision {
  status: DeterminationStatus;
  /** The engine's own conclusion before the clinician rule. */
  recommendedStatus: Exclude<DeterminationStatus, "pending_review"> | "pending_review";
  reasoning: ReasoningLine[];
  recommendation: string;
  references: string[];
  missingInformation: string[];
  summary: string;
  /** Set when the engine's own approval is final: the rule that allowed it (shown as "approved automatically"). */
  automaticApproval: { rule: string } | null;
}

/** The rule under which an engine approval needs no person (lib/determinations/approval-invariants.ts checks it). */
export const AUTOMATIC_APPROVAL_RULE = "every criterion of the requested drug's policy met with cited evidence, none for clinician judgement, one patient identity";

const policyName = (p: DecisionInput["policy"]) =>
  `${p.title}${p.version !== null ? ` (version ${p.version})` : ""}${p.source === "library" ? "" : p.source === "policy_payload" ? " [given in the request]" : " [fetched from the request's URL]"}`;

const stepSource = (p: DecisionInput["policy"]) => `Policy: ${policyName(p)}${p.section ? `, ${p.section}` : ""}`;

function listWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * What to ask the prescriber for, one entry per requirement: a step's own missing information, or for a ONE-of group
 * with several open branches "Either: A; or: B and C" (a branch needs all its items).
 */
function informationRequests(missing: readonly DecisionStep[]): string[] {
  const out: (string | { group: string; branches: Map<number, string[]> })[] = [];
  for (const s of missing) {
    const info = s.missingInformation ?? s.reason;
    if (!s.openAlternative) {
      out.push(info);
      continue;
    }
    const { group, branch } = s.openAlternative;
    let entry = out.find((e): e is { group: string; branches: Map<number, string[]> } => typeof e !== "string" && e.group === group);
    if (!entry) out.push((entry = { group, branches: new Map() }));
    entry.branches.set(branch, [...(entry.branches.get(branch) ?? []), info]);
  }
  return out.map((e) => {
    if (typeof e === "string") return e;
    const branches = [...e.branches.values()].map((items) => items.join(" and "));
    return branches.length === 1 ? branches[0] : `Either: ${branches.join("; or: ")}`;
  });
}

export function decide(input: DecisionInput): Decision {
  const reasoning: ReasoningLine[] = [];
  const add = (description: string, source: string) => reasoning.push({ step: reasoning.length + 1, description, source });
  const source = stepSource(input.policy);

  const failed = input.steps.filter((s) => s.outcome === "not_met");
  const missing = input.steps.filter((s) => s.outcome === "missing" && !s.closedAlternative);
  const closed = input.steps.filter((s) => s.outcome === "missing" && s.closedAlternative);
  const manual = input.steps.filter((s) => s.outcome === "manual");
  const met = input.steps.filter((s) => s.outcome === "met");

  for (const s of input.steps) {
    const verdict = s.closedAlternative
      ? "not met as an alternative (another may still meet the requirement)"
      : { met: "met", not_met: "NOT met", missing: "cannot be confirmed: evidence missing", manual: "needs a clinician's judgement" }[s.outcome];
    add(`Criterion ${s.step} ${verdict}. ${s.question_or_action} ${s.outcome === "met" ? s.answer : s.reason}`.trim(), source);
  }

  const paid = input.claims.filter((c) => c.status === "paid");
  if (input.claims.length) {
    const notCounted = input.claims.length - paid.length;
    add(
      `Claim history: ${input.claims.length} record${input.claims.length === 1 ? "" : "s"}, ${paid.length} paid${notCounted ? `; ${notCounted} denied or pending claim${notCounted === 1 ? "" : "s"} not counted as trials` : ""}.`,
      "Claim history",
    );
  }
  if (input.testClaim) {
    const t = input.testClaim;
    add(
      `Test claim ${t.claim_id} (${t.date}) is ${t.status}${t.expected_coverage === undefined ? "" : t.expected_coverage ? ", coverage expected" : ", coverage not expected"}${t.adjudication_notes ? `: ${t.adjudication_notes}` : ""}.`,
      "Claim history (test claim)",
    );
  }
  if (input.history.length) {
    const approvedBefore = input.history.filter((h) => h.status === "approved").length;
    const deniedBefore = input.history.filter((h) => h.status === "denied").length;
    add(
      `${input.history.length} earlier prior authorization${input.history.length === 1 ? "" : "s"} for this patient and drug (${approvedBefore} approved, ${deniedBefore} denied; latest ${input.history[0].caseId}, received ${input.history[0].receivedAt.slice(0, 10)}).`,
      "Prior authorization history",
    );
  }

  let recommended: Decision["recommendedStatus"];
  let recommendation: string;
  const missingInformation = informationRequests(missing);
  if (input.steps.length === 0) {
    recommended = "pending_review";
    recommendation = "The policy yielded no criteria to check for this request: a clinician should review the case against the policy.";
  } else if (failed.length) {
    recommended = "denied";
    recommendation = `Deny: ${failed.length === 1 ? "criterion" : "criteria"} ${listWords(failed.map((s) => String(s.step)))} of ${policyName(input.policy)} ${failed.length === 1 ? "is" : "are"} not met (${failed.map((s) => s.reason).join("; ")}).`;
  } else if (missing.length) {
    recommended = "request_for_information";
    recommendation = `Request information from the prescriber: ${missingInformation.map((m, i) => `(${i + 1}) ${m}`).join(" ")}`;
  } else if (manual.length || closed.length) {
    recommended = "pending_review";
    const review = manual.length ? manual : closed; // closed alternatives alone cannot occur; if they do, a person looks
    recommendation = `A clinician should judge ${review.length === 1 ? "criterion" : "criteria"} ${listWords(review.map((s) => String(s.step)))}; all other criteria are met.`;
  } else {
    recommended = "approved";
    recommendation = `Approve: all ${met.length} criteria of ${policyName(input.policy)} are met with evidence.`;
  }
  const conflicts = input.identityConflicts ?? [];
  if (recommended === "approved") {
    const failedInvariants = failedApprovalInvariants({ steps: input.steps, binding: input.binding, identityConflicts: conflicts });
    if (failedInvariants.length) {
      recommended = "pending_review";
      const reasons = failedInvariants.map((f) => `${f.reason} [${f.id}]`);
      for (const r of reasons) add(`Safety check failed: ${r}.`, "Approval safety checks");
      recommendation = `Pended for clinician review: the engine approves on its own only when every safety check holds; ${reasons.join("; ")}.`;
    }
  } else if (conflicts.length) {
    add(`Safety check: ${describeIdentityConflicts(conflicts)}.`, "Approval safety checks");
  }

  let status: DeterminationStatus = recommended === "denied" && input.requireClinicianForAdverse ? "pending_review" : recommended;
  if (status !== recommended) recommendation += " Pended for clinician review: the engine does not finalise adverse outcomes.";
  if (status === "approved" && input.engineApprovalsFinal === false) {
    status = "pending_review";
    recommendation += " Pended for review: this workspace has a reviewer confirm every outcome, approvals included.";
  }
  // A final approval issues its notice at once, and a notice cannot name an unread patient or drug (or service): a person first
  // verifies them (a correction), as a reviewer's own approval must (lib/reviews/record-review.ts).
  const unverified = input.unverifiedNoticeFacts ?? [];
  if (status === "approved" && unverified.length) {
    status = "pending_review";
    for (const u of unverified) add(`Notice held: ${u.message}`, "Approval safety checks");
    recommendation += ` Pended for review: the approval's notice cannot be issued while ${listWords(unverified.map((u) => (u.field === "drug" ? "the requested drug or service" : "the patient's name")))} ${unverified.length === 1 ? "is" : "are"} unread.`;
  }
  const automaticApproval = status === "approved" ? { rule: AUTOMATIC_APPROVAL_RULE } : null;
  if (automaticApproval) add(`Approved automatically: ${automaticApproval.rule}.`, "Approval safety checks");

  const references = [
    `${stepSource(input.policy)}`,
    ...(input.claims.length || input.testClaim ? ["Claim history"] : []),
    ...(input.history.length ? ["Prior authorization history"] : []),
    ...(reasoning.some((r) => r.source === "Approval safety checks") ? ["Approval safety checks"] : []),
  ];

  const subject = [input.subject.drug ?? "the requested item", input.subject.patient ? `for ${input.subject.patient}` : null, input.subject.diagnosis ? `(${input.subject.diagnosis})` : null]
    .filter(Boolean)
    .join(" ");
  const counts = `${met.length} of ${input.steps.length} criteria met${failed.length ? `, ${failed.length} not met` : ""}${missing.length ? `, ${missing.length} missing evidence` : ""}${closed.length ? `, ${closed.length} unmet alternative${closed.length === 1 ? "" : "s"}` : ""}${manual.length ? `, ${manual.length} for clinician judgement` : ""}`;
  const summary = `Request for ${subject}. ${counts} under ${policyName(input.policy)}. Outcome: ${status.replace(/_/g, " ")}${status !== recommended ? ` (engine recommends ${recommended})` : ""}.`;

  return { status, recommendedStatus: recommended, reasoning, recommendation, references, missingInformation, summary, automaticApproval };
}
