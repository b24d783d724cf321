import { prisma } from "@/lib/db/prisma";
import { badRequest, conflict, forbidden, notFound } from "@/lib/api/errors";
import { issueNotice } from "@/lib/notices/issue-notice";
import { waitingClockData } from "@/lib/prior-auths/waiting-clock";
import { denialReasonCodesOf } from "@/lib/notices/denial-reason-codes";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import { assertTransition } from "@/lib/prior-auths/states";
import type { TReviewRequest } from "@/lib/schemas/review";
import { formatTimestamp } from "@/lib/time";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";

const DECIDABLE = new Set(["Succeeded", "pending_review", "request_for_information", "approved", "denied"]);

type ReviewRow = { id: string; decision: string; note: string; reviewer: string; determinationId: string | null; reasonCode?: string | null; createdAt: Date };

export const presentReview = (r: ReviewRow, engineRecommendation: string | null = null, noticeId: string | null = null) => ({
  id: r.id,
  decision: r.decision as TReviewRequest["decision"],
  note: r.note,
  reviewer: r.reviewer,
  determination_id: r.determinationId,
  engine_recommendation: engineRecommendation,
  reason_code: r.reasonCode ?? null,
  notice_id: noticeId,
  created_at: formatTimestamp(r.createdAt),
});

const FINAL = new Set(["approved", "denied"]);

/**
 * Under the workspace's clinician rule an adverse decision is a clinician's: a signed-in member, never an API key
 * (an external system may record approvals and requests for information, not denials).
 */
export function assertMayDecide(decision: TReviewRequest["decision"], actor: Actor, requireClinicianForAdverse: boolean): void {
  if (decision === "denied" && requireClinicianForAdverse && actor.type !== "user") {
    throw forbidden("This workspace requires a clinician for adverse decisions: a denial is recorded by a signed-in reviewer in the portal, not with an API key.");
  }
}

/**
 * A clinician's decision, recorded beside the engine's latest recommendation. Approve and deny are final (they stop
 * the SLA clock); a request for information waits for more material, which re-opens the case. Changing a final
 * decision reopens the case: the note is its reason, and the audit trail records it as such.
 */
export async function recordReview(opts: { workspaceId: string; priorAuthId: string; actor: Actor; input: TReviewRequest; requireClinicianForAdverse: boolean }) {
  assertMayDecide(opts.input.decision, opts.actor, opts.requireClinicianForAdverse);
  return prisma.$transaction(async (tx) => {
    const priorAuth = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
    if (!priorAuth) throw notFound(`Prior authorization ${opts.priorAuthId}`);
    if (!DECIDABLE.has(priorAuth.status)) throw conflict(`A ${priorAuth.status} prior authorization cannot be decided.`);
    assertTransition(priorAuth.status, opts.input.decision);
    if (opts.input.reason_code) {
      if (opts.input.decision !== "denied") throw badRequest("reason_code: only a denial takes a reason code.");
      const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { denialReasonCodes: true } });
      const codes = denialReasonCodesOf(workspace.denialReasonCodes);
      if (!codes.some((c) => c.code === opts.input.reason_code)) throw badRequest(`reason_code: must be one of the workspace's denial reasons (${codes.map((c) => c.code).join(", ")}).`);
    }
    const determination = await tx.determination.findFirst({ where: { priorAuthId: priorAuth.id }, orderBy: { createdAt: "desc" } });
    const review = await tx.review.create({
      data: {
        workspaceId: opts.workspaceId,
        priorAuthId: priorAuth.id,
        determinationId: determination?.id ?? null,
        decision: opts.input.decision,
        note: opts.input.note,
        reviewer: opts.actor.label,
        reviewerUserId: opts.actor.type === "user" ? opts.actor.id : null,
        reasonCode: opts.input.reason_code ?? null,
      },
    });
    const final = opts.input.decision !== "request_for_information";
    const reopened = FINAL.has(priorAuth.status);
    await tx.priorAuth.update({
      where: { id: priorAuth.id },
      data: {
        status: opts.input.decision, decidedAt: final ? new Date() : null, decidedBy: final ? opts.actor.label : null, statusReason: reopened ? opts.input.note : priorAuth.statusReason,
        ...(await waitingClockData(tx, priorAuth, opts.input.decision)),
      },
    });
    if (reopened) {
      await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "prior_auth.reopened", details: { previous_status: priorAuth.status, decided_by: priorAuth.decidedBy, reason: opts.input.note } });
    }
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "review.decided",
      details: { decision: opts.input.decision, note: opts.input.note, previous_status: priorAuth.status, engine_recommendation: determination?.recommendedStatus ?? null },
    });
    const notice = await issueNotice(tx, {
      workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, outcome: opts.input.decision, actor: opts.actor,
      decidedBy: opts.actor.label, reviewerNote: opts.input.note, reasonCode: opts.input.reason_code ?? null, reviewId: review.id,
    });
    const presented = presentReview(review, determination?.recommendedStatus ?? null, notice.id);
    await emitWebhookEvent(tx, { workspaceId: opts.workspaceId, type: "review.decided", data: { prior_auth_id: priorAuth.id, case_id: priorAuth.caseId, review: presented } });
    return presented;
  });
}

export async function listReviews(opts: { workspaceId: string; priorAuthId: string }) {
  const reviews = await prisma.review.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "desc" } });
  const determinations = await prisma.determination.findMany({
    where: { id: { in: reviews.flatMap((r) => (r.determinationId ? [r.determinationId] : [])) } },
    select: { id: true, recommendedStatus: true },
  });
  const recommended = new Map(determinations.map((d) => [d.id, d.recommendedStatus]));
  // Each decision links the notice it issued (notices from before Notice.reviewId was recorded stay unlinked: null).
  const notices = await prisma.notice.findMany({
    where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, reviewId: { in: reviews.map((r) => r.id) } },
    select: { id: true, reviewId: true },
  });
  const noticeOf = new Map(notices.map((n) => [n.reviewId, n.id]));
  return reviews.map((r) => presentReview(r, r.determinationId ? (recommended.get(r.determinationId) ?? null) : null, noticeOf.get(r.id) ?? null));
}
