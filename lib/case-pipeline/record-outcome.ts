// Stage 6, present and record: what a stage's result does to the case beyond its own record. The case's status (with
// the waiting clock), the notice, the audit trail and the webhook event, each written in the stage's transaction, and
// the API views of the stored policy checks and determinations.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent, SYSTEM_ACTOR } from "@/lib/audit/record-audit-event";
import type { Decision } from "@/lib/determinations/decide";
import { readDeterminationBody } from "@/lib/determinations/determination-record";
import type { extractIntake } from "@/lib/intake/extract-intake";
import { issueNotice } from "@/lib/notices/issue-notice";
import { readPolicyCheckRecord } from "@/lib/policies/policy-check-record";
import { presentPriorAuth } from "@/lib/prior-auths/present-prior-auth";
import { canTransition } from "@/lib/prior-auths/states";
import { waitingClockData } from "@/lib/prior-auths/waiting-clock";
import { formatTimestamp } from "@/lib/time";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { recordPasAnswer } from "@/lib/pas/record-pas-answer";

type Tx = Prisma.TransactionClient;

/** The intake stage's end: the audit event and the webhook of a case that succeeded or failed. */
export async function recordIntakeOutcome(tx: Tx, opts: {
  row: Parameters<typeof presentPriorAuth>[0] & { workspaceId: string; id: string };
  outcome: "Succeeded" | "Failed";
  failureReason: string | null;
  facts: ReturnType<typeof extractIntake> | null;
}) {
  const { row, outcome, failureReason, facts } = opts;
  await recordAuditEvent(tx, {
    workspaceId: row.workspaceId,
    priorAuthId: row.id,
    actor: SYSTEM_ACTOR,
    action: outcome === "Succeeded" ? "prior_auth.succeeded" : "prior_auth.failed",
    details: failureReason
      ? { failure_reason: failureReason }
      : {
          diagnoses: facts?.diagnoses.length ?? 0,
          medication_requests: facts?.medicationRequests.length ?? 0,
          practitioners: facts?.practitioners.length ?? 0,
          warnings: facts?.warnings ?? [],
        },
  });
  await emitWebhookEvent(tx, {
    workspaceId: row.workspaceId,
    type: outcome === "Succeeded" ? "prior_auth.succeeded" : "prior_auth.failed",
    data: { prior_auth: presentPriorAuth(row) },
  });
}

export function presentPolicyCheck(row: { id: string; steps: unknown; summary: unknown; createdAt: Date }) {
  const { steps, summary } = readPolicyCheckRecord(row);
  return { id: row.id, policy_check: steps, policy: summary.policy, summary: summary.rollup, created_at: formatTimestamp(row.createdAt) };
}

/** The policy check stage's audit event. */
export async function recordPolicyCheck(tx: Tx, opts: {
  workspaceId: string;
  priorAuthId: string;
  actor: Actor;
  policy: { title: string; source: string; section: string | null };
  version: number | null;
  rollup: { overall: string; failed_steps: unknown; missing_steps: unknown };
  steps: number;
}) {
  const { policy, rollup } = opts;
  await recordAuditEvent(tx, {
    workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, actor: opts.actor, action: "policy_check.completed",
    details: { policy: policy.title, version: opts.version, source: policy.source, section: policy.section, overall: rollup.overall, steps: opts.steps, failed: rollup.failed_steps, missing: rollup.missing_steps },
  });
}

type DeterminationRow = { id: string; body: unknown; createdAt: Date };
export const presentDetermination = (row: DeterminationRow) => ({ ...readDeterminationBody(row.body, row.id), id: row.id, generated_at: row.createdAt.toISOString() });

/**
 * A stored determination carried into the case: its status (unless a clinician's final decision stands), the
 * engine's notice, the audit event and the `determination.created` webhook.
 */
export async function recordDetermination(tx: Tx, opts: {
  workspaceId: string;
  priorAuth: { id: string; caseId: string };
  actor: Actor;
  decision: Pick<Decision, "status" | "recommendedStatus">;
  policy: { title: string | null; version: number | null };
  created: DeterminationRow;
  contentDigest: string;
}) {
  const { decision, priorAuth, actor, workspaceId } = opts;
  // A clinician's final decision stands: the engine's later runs are recorded but do not overturn it.
  const current = await tx.priorAuth.findUniqueOrThrow({ where: { id: priorAuth.id }, select: { workspaceId: true, status: true, decidedAt: true, dueAt: true, waitingSince: true, slaPaused: true } });
  const humanDecided = current.decidedAt !== null && (await tx.review.count({ where: { priorAuthId: priorAuth.id, decision: { in: ["approved", "denied"] } } })) > 0;
  const engineFinal = decision.status === "approved" || decision.status === "denied";
  if (!humanDecided && canTransition(current.status, decision.status)) {
    await tx.priorAuth.update({
      where: { id: priorAuth.id },
      data: {
        status: decision.status, decidedAt: engineFinal ? new Date() : null, decidedBy: engineFinal ? "engine" : null, engineRecommendation: decision.recommendedStatus, policyTitle: opts.policy.title, uncheckedReason: null,
        ...(await waitingClockData(tx, current, decision.status)),
      },
    });
    // The engine's own final approval, or its request for information, is a notice like a reviewer's (once per change).
    if (current.status !== decision.status && (decision.status === "approved" || decision.status === "request_for_information")) {
      await issueNotice(tx, { workspaceId, priorAuthId: priorAuth.id, outcome: decision.status, actor, decidedBy: "engine" });
    }
    // The engine's own final decision or request for information reaches a PAS case's ClaimResponse and subscribers.
    if (current.status !== decision.status && (engineFinal || decision.status === "request_for_information")) {
      await recordPasAnswer(tx, { priorAuthId: priorAuth.id, actor, notify: true });
    }
  } else {
    await tx.priorAuth.update({ where: { id: priorAuth.id }, data: { engineRecommendation: decision.recommendedStatus, policyTitle: opts.policy.title, uncheckedReason: null } });
  }
  await recordAuditEvent(tx, {
    workspaceId, priorAuthId: priorAuth.id, actor, action: "determination.created",
    details: { status: decision.status, recommended_status: decision.recommendedStatus, policy: opts.policy.title, version: opts.policy.version, content_digest: opts.contentDigest },
  });
  await emitWebhookEvent(tx, { workspaceId, type: "determination.created", data: { prior_auth_id: priorAuth.id, case_id: priorAuth.caseId, determination: presentDetermination(opts.created) } });
}

/** A case the background evaluation could not check (no policy applies): the queue's "Not checked" view says why, until a determination is recorded. */
export async function recordEvaluationSkipped(tx: Tx, opts: { workspaceId: string; priorAuthId: string; actor: Actor; trigger: string; reason: string }) {
  await tx.priorAuth.updateMany({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId, status: "Succeeded" }, data: { uncheckedReason: opts.reason } });
  await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, actor: opts.actor, action: "evaluation.skipped", details: { trigger: opts.trigger, reason: opts.reason } });
}
