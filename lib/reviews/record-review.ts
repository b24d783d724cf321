import { prisma } from "@/lib/db/prisma";
import { Conflict, Forbidden, InvalidInput, NotFound, UnverifiedFacts } from "@/lib/errors/domain-errors";
import { unverifiedNoticeFacts } from "@/lib/intake/corrections";
import { emptyFacts } from "@/lib/intake/facts";
import { correctedFactsOf } from "@/lib/case-pipeline/get-intake-facts";
import { issueNotice } from "@/lib/notices/issue-notice";
import { waitingClockData } from "@/lib/prior-auths/waiting-clock";
import { denialReasonCodesOf } from "@/lib/notices/denial-reason-codes";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { assertTransition } from "@/lib/prior-auths/states";
import type { TReviewRequest } from "@/lib/schemas/review";
import { formatTimestamp } from "@/lib/time";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { recordPasAnswer } from "@/lib/pas/record-pas-answer";
import { assertPasModifications } from "@/lib/pas/check-pas-modifications";
import { ZItemModifications } from "@/lib/schemas/review";
import { readStoredRecord } from "@/lib/stored-record";
import type { Prisma } from "@/lib/generated/prisma/client";
import { alreadyDecidedMessage, planReview, standingDecision } from "./decision-rule";

type Tx = Prisma.TransactionClient;

const DECIDABLE = new Set(["Succeeded", "pending_review", "request_for_information", "approved", "denied"]);

type ReviewRow = {
  id: string; decision: string; note: string; reviewer: string; determinationId: string | null; reasonCode?: string | null;
  amendsReviewId?: string | null; amendmentReason?: string | null; modifications?: unknown; createdAt: Date;
};

export const presentReview = (r: ReviewRow, engineRecommendation: string | null = null, noticeId: string | null = null) => ({
  id: r.id,
  decision: r.decision as TReviewRequest["decision"],
  note: r.note,
  reviewer: r.reviewer,
  determination_id: r.determinationId,
  engine_recommendation: engineRecommendation,
  reason_code: r.reasonCode ?? null,
  notice_id: noticeId,
  amends_review_id: r.amendsReviewId ?? null,
  amendment_reason: r.amendmentReason ?? null,
  modifications: r.modifications === null || r.modifications === undefined ? null : readStoredRecord(ZItemModifications, r.modifications, { record: `the modifications of review ${r.id}`, remedy: "record the decision again" }),
  created_at: formatTimestamp(r.createdAt),
});

const FINAL = new Set(["approved", "denied"]);

/**
 * Under the workspace's clinician rule an adverse decision is a clinician's: a signed-in member, never an API key
 * (an external system may record approvals and requests for information, not denials).
 */
export function assertMayDecide(decision: TReviewRequest["decision"], actor: Actor, requireClinicianForAdverse: boolean): void {
  if (decision === "denied" && requireClinicianForAdverse && actor.type !== "user") {
    throw new Forbidden("This workspace requires a clinician for adverse decisions: a denial is recorded by a signed-in reviewer in the portal, not with an API key.");
  }
}

type RecordReviewOptions = { workspaceId: string; priorAuthId: string; actor: Actor; input: TReviewRequest; requireClinicianForAdverse: boolean };

/**
 * A clinician's decision on the case's latest determination (or the one named), beside the engine's recommendation.
 * Approve and deny are final (they stop the SLA clock); a request for information waits for more material, which
 * re-opens the case. A case is decided once: a repeated or concurrent review is a Conflict and records nothing; changing a
 * decision is an explicit amendment with its reason, audited, which issues a corrected notice.
 */
export async function recordReview(opts: RecordReviewOptions) {
  assertMayDecide(opts.input.decision, opts.actor, opts.requireClinicianForAdverse);
  try {
    return await prisma.$transaction((tx) => decide(tx, opts));
  } catch (error) {
    // Another review took this place in the case's history first (the unique (priorAuthId, sequence)): name it.
    if ((error as { code?: string }).code !== "P2002") throw error;
    const winner = await prisma.review.findFirst({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { sequence: "desc" } });
    throw new Conflict(winner ? alreadyDecidedMessage(winner) : "Another decision on this case was being recorded at the same time; read the case again.");
  }
}

async function decide(tx: Tx, opts: RecordReviewOptions) {
  const { input } = opts;
  // The history is read first: a review committed after this read takes the sequence this one would, so the insert
  // below fails on the unique (priorAuthId, sequence) instead of deciding the case a second time.
  const latestReview = await tx.review.findFirst({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { sequence: "desc" } });
  const priorAuth = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
  if (!priorAuth) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
  if (!DECIDABLE.has(priorAuth.status)) throw new Conflict(`A ${priorAuth.status} prior authorization cannot be decided.`);
  if (input.reason_code) {
    if (input.decision !== "denied") throw new InvalidInput("reason_code: only a denial takes a reason code.");
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { denialReasonCodes: true } });
    const codes = denialReasonCodesOf(workspace.denialReasonCodes);
    if (!codes.some((c) => c.code === input.reason_code)) throw new InvalidInput(`reason_code: must be one of the workspace's denial reasons (${codes.map((c) => c.code).join(", ")}).`);
  }
  // The notice of a decision names the patient and the drug: both must be verified facts (read with evidence, or
  // corrected). A request for information is how a reviewer asks for what is unread, so it is not held back.
  const unverified = input.decision === "request_for_information" ? [] : unverifiedNoticeFacts((await correctedFactsOf(tx, priorAuth.id)) ?? emptyFacts());
  if (unverified.length) throw new UnverifiedFacts(`The notice cannot be issued: ${unverified.map((u) => u.message).join(" ")}`);
  const latestDetermination = await tx.determination.findFirst({ where: { priorAuthId: priorAuth.id }, orderBy: { createdAt: "desc" } });
  const determination = input.determination_id
    ? await tx.determination.findFirst({ where: { id: input.determination_id, priorAuthId: priorAuth.id, workspaceId: opts.workspaceId } })
    : latestDetermination;
  if (input.determination_id && !determination) throw new NotFound(`Determination ${input.determination_id} of prior authorization ${priorAuth.id}`);
  const standing = standingDecision({ status: priorAuth.status, latestReview, latestDeterminationId: latestDetermination?.id ?? null });
  const plan = planReview({ decision: input.decision, amendment: Boolean(input.amendment), standing });
  assertTransition(priorAuth.status, input.decision);
  if (input.modifications) assertPasModifications(priorAuth.epaPayload, input.modifications);

  const review = await tx.review.create({
    data: {
      workspaceId: opts.workspaceId,
      priorAuthId: priorAuth.id,
      sequence: (latestReview?.sequence ?? 0) + 1,
      determinationId: determination?.id ?? null,
      decision: input.decision,
      note: input.note,
      reviewer: opts.actor.label,
      reviewerUserId: opts.actor.type === "user" ? opts.actor.id : null,
      reasonCode: input.reason_code ?? null,
      amendsReviewId: plan.kind === "amendment" ? plan.amends.id : null,
      amendmentReason: input.amendment?.reason ?? null,
      ...(input.modifications ? { modifications: input.modifications } : {}),
    },
  });
  const final = input.decision !== "request_for_information";
  const reopened = FINAL.has(priorAuth.status);
  const why = input.amendment?.reason ?? input.note;
  // Only from the status read above: a cancel or new documents that landed meanwhile win, and this review is undone.
  const moved = await tx.priorAuth.updateMany({
    where: { id: priorAuth.id, status: priorAuth.status },
    data: {
      status: input.decision, decidedAt: final ? new Date() : null, decidedBy: final ? opts.actor.label : null, statusReason: reopened ? why : priorAuth.statusReason,
      ...(await waitingClockData(tx, priorAuth, input.decision)),
    },
  });
  if (moved.count === 0) throw new Conflict("The case changed while the decision was recorded: read it again and retry.");
  if (reopened) {
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "prior_auth.reopened", details: { previous_status: priorAuth.status, decided_by: priorAuth.decidedBy, reason: why } });
  }
  const engineRecommendation = determination?.recommendedStatus ?? null;
  if (plan.kind === "amendment") {
    const before = plan.amends;
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "review.amended",
      details: {
        review_id: review.id, amends_review_id: before.id, reason: input.amendment!.reason, decision: input.decision,
        before: { decision: before.decision, note: before.note, reason_code: before.reasonCode, reviewer: before.reviewer, determination_id: before.determinationId },
        after: { decision: input.decision, note: input.note, reason_code: input.reason_code ?? null, reviewer: opts.actor.label, determination_id: determination?.id ?? null },
      },
    });
  } else {
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "review.decided",
      details: { decision: input.decision, note: input.note, previous_status: priorAuth.status, engine_recommendation: engineRecommendation, determination_id: determination?.id ?? null, ...(input.modifications ? { modifications: input.modifications } : {}) },
    });
  }
  const notice = await issueNotice(tx, {
    workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, outcome: input.decision, actor: opts.actor,
    decidedBy: opts.actor.label, reviewerNote: input.note, reasonCode: input.reason_code ?? null, reviewId: review.id,
    corrects: plan.kind === "amendment" ? { reviewId: plan.amends.id, reason: input.amendment!.reason } : null,
  });
  const presented = presentReview(review, engineRecommendation, notice.id);
  await emitWebhookEvent(tx, { workspaceId: opts.workspaceId, type: "review.decided", data: { prior_auth_id: priorAuth.id, case_id: priorAuth.caseId, review: presented } });
  // A case that came through PAS: its ClaimResponse gets the decision, and its subscribers are notified.
  await recordPasAnswer(tx, { priorAuthId: priorAuth.id, actor: opts.actor, notify: true });
  return presented;
}

export async function listReviews(opts: { workspaceId: string; priorAuthId: string }) {
  const reviews = await prisma.review.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { sequence: "desc" } });
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
