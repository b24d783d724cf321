// Where a case stands, derived once from its record, latest policy check, latest determination and decisions, so the
// header, the stepper, the main action and the decision history say the same thing whoever decided: the engine under
// the workspace's rule "Engine approvals are final", or a reviewer. Pure: the same inputs give the same state.
import type { Determination, PolicyCheck, PriorAuth, Review } from "./types";
import { statusLabel } from "./status-labels";

export type StageState = "done" | "active" | "failed" | "todo";
export interface Stage { label: string; state: StageState; detail: string }

export type Decider = { kind: "engine"; rule: string } | { kind: "reviewer"; who: string };

/** Why a case waits for a person, in the order a nurse checks them: who the patient is, then each criterion. */
export interface PendReason { kind: "identity" | "unread" | "not_met" | "missing" | "manual" | "unchecked"; step: number | null; text: string; detail: string | null }

export interface HistoryEntry {
  key: string;
  decision: string;
  by: string;
  /** Set for the engine's own final approval: the rule that let it stand. */
  rule: string | null;
  at: string | null;
  note: string | null;
  /** What the engine had recommended, in words ("recommended denial"), beside a reviewer's decision. */
  recommendation: string | null;
  amendmentReason: string | null;
}

export interface CaseState {
  /** The case's status in reviewers' words, the same word everywhere. */
  statusLabel: string;
  decided: boolean;
  decider: Decider | null;
  decidedAt: string | null;
  /** One sentence saying who decided, or why it waits (the header's and the stepper's line). */
  standing: string;
  /** The engine's outcome as advice (never a final status while a person must decide); null once decided or absent. */
  recommendation: { status: string; text: string } | null;
  pendReasons: PendReason[];
  mainAction: { kind: "decide" | "amend" | "none"; label: string };
  stages: Stage[];
  history: HistoryEntry[];
}

export interface CaseStateInput {
  priorAuth: Pick<PriorAuth, "status" | "intake_status" | "decided_at" | "decided_by" | "engine_recommendation" | "unchecked_reason" | "waiting_since" | "received_at" | "created_at">;
  check: Pick<PolicyCheck, "summary" | "policy_check"> | null | undefined;
  determination: Pick<Determination, "status" | "recommended_status" | "approved_automatically" | "generated_at" | "unverified_facts"> | null | undefined;
  /** Newest first, as GET /reviews answers. */
  reviews: readonly Pick<Review, "id" | "decision" | "reviewer" | "note" | "created_at" | "engine_recommendation" | "amendment_reason">[];
  identityConflicts: readonly string[];
  /** How a timestamp is shown (the browser's locale); identity in tests. */
  formatTime?: (iso: string) => string;
}

/** The workspace setting that lets the engine's approval stand without a person. */
export const ENGINE_FINAL_SETTING = "Engine approvals are final";

const FINAL = new Set(["approved", "denied"]);
const DECIDABLE = new Set(["Succeeded", "pending_review", "request_for_information", "approved", "denied"]);
const OVERALL_WORDS: Record<string, string> = { met: "All criteria met", not_met: "Criteria not met", missing: "Information missing" };

/** An engine outcome as advice: "approval", "denial", ... (a noun, so it reads "The engine recommends denial"). */
export function recommendationWords(status: string): string {
  return ({ approved: "approval", denied: "denial", request_for_information: "a request for information", pending_review: "review by a person" } as Record<string, string>)[status] ?? statusLabel(status).toLowerCase();
}

function pendReasonsOf(input: CaseStateInput): PendReason[] {
  const reasons: PendReason[] = input.identityConflicts.map((text) => ({ kind: "identity" as const, step: null, text, detail: null }));
  // What the notice would name unread (the patient, the drug): no notice is issued until a person corrects it.
  for (const u of input.determination?.unverified_facts ?? []) reasons.push({ kind: "unread", step: null, text: u.message, detail: null });
  if (input.priorAuth.unchecked_reason) reasons.push({ kind: "unchecked", step: null, text: input.priorAuth.unchecked_reason, detail: null });
  for (const s of input.check?.policy_check ?? []) {
    // An unmet alternative of a group another branch may still meet, or a step not needed, is no reason to pend.
    const step = s as typeof s & { unmet_alternative?: boolean; not_needed?: boolean };
    if (step.unmet_alternative || step.not_needed || s.outcome === "met") continue;
    reasons.push({ kind: s.outcome, step: s.step, text: s.question_or_action, detail: s.outcome === "missing" ? (s.missing_information ?? s.reason ?? null) : (s.reason || s.answer || null) });
  }
  return reasons;
}

export function caseState(input: CaseStateInput): CaseState {
  const { priorAuth: pa, determination, check } = input;
  const at = input.formatTime ?? ((iso: string) => iso);
  const decided = FINAL.has(pa.status);
  const standingReview = input.reviews.find((r) => r.decision === pa.status) ?? null;
  const engineRule = determination?.approved_automatically?.rule ?? null;
  const decider: Decider | null = !decided ? null
    : pa.decided_by === "engine" ? { kind: "engine", rule: engineRule ?? "every criterion met, as the workspace's rule allows" }
    : { kind: "reviewer", who: standingReview?.reviewer ?? pa.decided_by ?? "a reviewer" };
  const decidedAt = decided ? (pa.decided_at ?? standingReview?.created_at ?? null) : null;
  const label = statusLabel(pa.status);

  // The decisions made, newest first: the reviewers' and the engine's own final approval (which has no review).
  const history: HistoryEntry[] = input.reviews.map((r) => ({
    key: r.id, decision: r.decision, by: r.reviewer, rule: null, at: r.created_at, note: r.note,
    recommendation: r.engine_recommendation ? `the engine recommended ${recommendationWords(r.engine_recommendation)}` : null,
    amendmentReason: r.amendment_reason ?? null,
  }));
  // The engine's approval stands as a decision of its own: while it decides the case, and in the history once a
  // reviewer has changed it (the reviews then came after the determination that approved).
  const engineDecidedAt = pa.decided_by === "engine" ? pa.decided_at
    : engineRule && determination && input.reviews.some((r) => r.created_at > determination.generated_at) ? determination.generated_at : null;
  if (engineDecidedAt !== null && (engineRule || decider?.kind === "engine")) {
    const entry: HistoryEntry = {
      key: "engine", decision: "approved", by: "The engine", rule: decider?.kind === "engine" ? decider.rule : engineRule, at: engineDecidedAt,
      note: `Approved automatically under the workspace's rule “${ENGINE_FINAL_SETTING}”.`, recommendation: null, amendmentReason: null,
    };
    const older = history.findIndex((h) => h.at !== null && h.at < engineDecidedAt);
    if (older < 0) history.push(entry);
    else history.splice(older, 0, entry);
  }

  const pendReasons = pa.status === "pending_review" || (pa.status === "Succeeded" && pa.unchecked_reason) ? pendReasonsOf(input) : [];
  const recommended = determination?.recommended_status ?? pa.engine_recommendation ?? null;
  const recommendation = !decided && recommended ? { status: recommended, text: `The engine recommends ${recommendationWords(recommended)}` } : null;

  let standing: string;
  if (decider?.kind === "engine") standing = `${label} by the engine${decidedAt ? ` on ${at(decidedAt)}` : ""}, under the workspace's rule “${ENGINE_FINAL_SETTING}”: ${decider.rule}.`;
  else if (decider?.kind === "reviewer") standing = `${label} by ${decider.who}${decidedAt ? ` on ${at(decidedAt)}` : ""}.`;
  else if (pa.status === "pending_review") standing = pendReasons.length ? `Pending review: ${pendReasons.length === 1 ? "1 reason needs" : `${pendReasons.length} reasons need`} a person.` : "Pending review: a person must decide.";
  else if (pa.status === "request_for_information") standing = `Waiting for the requested information${pa.waiting_since ? ` since ${at(pa.waiting_since)}` : ""}.`;
  else if (pa.status === "Succeeded") standing = pa.unchecked_reason ? `Not checked: ${pa.unchecked_reason}` : "Ready for review: no determination yet.";
  else if (pa.status === "Processing") standing = "The documents are being read.";
  else standing = label;

  const decisionStage: Stage = pa.status === "Cancelled" ? { label: "Decision", state: "failed", detail: "Cancelled" }
    : pa.status === "Failed" ? { label: "Decision", state: "failed", detail: "Failed" }
    : decided ? { label: "Decided", state: "done", detail: decider?.kind === "engine" ? `${label} by the engine` : `${label} by ${decider?.who ?? "a reviewer"}` }
    : pa.status === "request_for_information" ? { label: "Decision", state: "active", detail: "Waiting for information" }
    : { label: "Decision", state: "todo", detail: pa.status === "Processing" ? "After reading" : "Waiting for a reviewer" };
  const intake: Stage = pa.intake_status === "Succeeded" ? { label: "Documents read", state: "done", detail: "Intake ready" }
    : pa.intake_status === "Processing" ? { label: "Reading documents", state: "active", detail: "Processing" }
    : { label: "Documents read", state: "failed", detail: statusLabel(pa.intake_status) };
  const stages: Stage[] = [
    { label: "Received", state: "done", detail: at(pa.received_at ?? pa.created_at) },
    intake,
    check ? { label: "Policy checked", state: "done", detail: OVERALL_WORDS[check.summary.overall] ?? check.summary.overall } : { label: "Policy check", state: "todo", detail: pa.unchecked_reason ? "Not checked" : "Not run" },
    determination
      ? { label: "Determination", state: "done", detail: decided && decider?.kind === "engine" ? `${label} by the engine` : `Recommends ${recommendationWords(determination.recommended_status)}` }
      : { label: "Determination", state: "todo", detail: "Not run" },
    decisionStage,
  ];

  const mainAction: CaseState["mainAction"] = decided ? { kind: "amend", label: "Change the decision" }
    : DECIDABLE.has(pa.status) ? { kind: "decide", label: "Decide" }
    : { kind: "none", label: "" };

  return { statusLabel: label, decided, decider, decidedAt, standing, recommendation, pendReasons, mainAction, stages, history };
}
