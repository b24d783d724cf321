// A PAS Claim Update on an authorization the workspace holds (found by the claim it names in Claim.related): items
// added, changed or cancelled change the case's request, which is read and evaluated again through the same pipeline
// as any changed case (Processing, then intake and the engine); every item cancelled withdraws the case through
// cancelPriorAuth. On a decided (approved or denied) authorization, as the PAS guide's updates go: a changed or added
// item re-opens it (those items pended, the unchanged ones keep their answer until it is decided anew), items only
// withdrawn leave the rest of the decision standing, and cancelling every item withdraws it. A cancelled authorization
// takes nothing more (refused as cancelled). Each update is audited and writes a new version of the answer (record-pas-answer.ts). Not
// a second lifecycle: the case's states and transitions are the ones of lib/prior-auths.
import type { Bundle } from "@medplum/fhirtypes";
import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { Conflict } from "@/lib/errors/domain-errors";
import { cancelPriorAuth } from "@/lib/prior-auths/cancel-prior-auth";
import { READ_OPEN_STATUSES } from "@/lib/prior-auths/queue-views";
import { recordPasAnswer } from "@/lib/pas/record-pas-answer";
import { assertTransition } from "@/lib/prior-auths/states";
import { waitingClockData } from "@/lib/prior-auths/waiting-clock";
import { startProcessing } from "@/lib/case-pipeline/start-processing";
import { planPasUpdate } from "@/lib/fhir/pas/plan-pas-update";
import type { PasRequest } from "@/lib/fhir/pas/read-pas-request";
import { readStoredRecord } from "@/lib/stored-record";
import { refuse, type PasRefusal } from "@/lib/pas/pas-refusal";

/** A decided authorization: a Claim Update re-opens it (a changed or added item), or withdraws items or all of it. */
const DECIDED_STATUSES: readonly string[] = ["approved", "denied"];

const ZStoredPasBundle = z.looseObject({
  resourceType: z.literal("Bundle"),
  type: z.enum(["document", "message", "transaction", "transaction-response", "batch", "batch-response", "history", "searchset", "collection"]),
  entry: z.array(z.looseObject({ fullUrl: z.string().optional(), resource: z.looseObject({ resourceType: z.string() }).optional() })).optional(),
});

export type PasUpdateResult =
  | { ok: true; priorAuthId: string }
  | ({ ok: false } & PasRefusal);

export async function updatePasClaim(opts: { workspaceId: string; actor: Actor; request: PasRequest; submissionId: string; documentUrls: string[] }): Promise<PasUpdateResult> {
  const { workspaceId, actor, request } = opts;
  // The authorization is the case of the claim named (an initial request, or an earlier update of it), in this workspace only.
  const original = await prisma.pasSubmission.findFirst({
    where: { workspaceId, claimKey: { in: request.relatedClaimKeys }, priorAuthId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { priorAuthId: true },
  });
  if (!original?.priorAuthId) {
    return { ok: false, ...refuse("not_found", [{ expression: "Claim.related.claim", message: `no authorization of this payer answers the related claim ${request.relatedClaimKeys.join(", ")}` }]) };
  }
  const priorAuthId = original.priorAuthId;
  const current = await prisma.priorAuth.findFirstOrThrow({ where: { id: priorAuthId, workspaceId }, select: { epaPayload: true, status: true, updatedAt: true } });
  if (current.status === "Cancelled") {
    return { ok: false, ...refuse("cancelled", [{ expression: "Claim.related.claim", message: `the authorization ${priorAuthId} was already cancelled (${current.updatedAt.toISOString().slice(0, 10)}): it takes no further update or cancellation; submit a new request` }]) };
  }
  const stored: Bundle = readStoredRecord(ZStoredPasBundle, current.epaPayload, { record: "the PAS request of this authorization", remedy: "submit a new request" }) as Bundle;
  const planning = planPasUpdate(stored, request);
  if (!planning.ok) return { ok: false, ...refuse("unprocessable", planning.problems) };
  const { plan } = planning;
  const decided = DECIDED_STATUSES.includes(current.status);
  const details = {
    channel: "pas", submission_id: opts.submissionId, claim_identifier: request.claimKey, related: request.relatedClaimKeys,
    added: plan.added, modified: plan.modified, cancelled: plan.cancelled, documents: opts.documentUrls.length, previous_status: current.status,
  };

  if (plan.cancelsAll) {
    // A decided authorization may be withdrawn by its submitter too (the certification is void from then on).
    await cancelPriorAuth({ workspaceId, priorAuthId, actor, reason: `every item cancelled by the submitter's update ${request.claimKey}`, bySubmitter: true });
    await prisma.$transaction(async (tx) => {
      await tx.pasSubmission.update({ where: { id: opts.submissionId }, data: { priorAuthId } });
      await recordAuditEvent(tx, { workspaceId, priorAuthId, actor, action: "pas.cancelled", details });
      await recordPasAnswer(tx, { priorAuthId, actor, notify: false });
    });
    return { ok: true, priorAuthId };
  }

  // Items only withdrawn from a decided authorization: the rest of the decision stands, nothing is read again.
  if (decided && plan.added.length === 0 && plan.modified.length === 0) {
    await prisma.$transaction(async (tx) => {
      const moved = await tx.priorAuth.updateMany({ where: { id: priorAuthId, workspaceId, status: current.status }, data: { epaPayload: plan.merged as unknown as Prisma.InputJsonValue } });
      if (moved.count === 0) throw new Conflict("The authorization changed meanwhile: send the update again.");
      await tx.pasSubmission.update({ where: { id: opts.submissionId }, data: { priorAuthId } });
      await recordAuditEvent(tx, { workspaceId, priorAuthId, actor, action: "pas.updated", details });
      await recordPasAnswer(tx, { priorAuthId, actor, notify: false });
    });
    return { ok: true, priorAuthId };
  }

  await prisma.$transaction(async (tx) => {
    const row = await tx.priorAuth.findFirstOrThrow({ where: { id: priorAuthId, workspaceId } });
    const reopening = DECIDED_STATUSES.includes(row.status);
    if (!READ_OPEN_STATUSES.includes(row.status) && !reopening) {
      throw new Conflict(row.status === "Processing"
        ? "The authorization is still being read: send the update again in a few seconds."
        : `A ${row.status} authorization takes no update: submit a new request.`);
    }
    // A changed or added item re-opens a decided authorization: read again, then decided anew (states.ts).
    assertTransition(row.status, "Processing", undefined, { bySubmitter: true });
    const moved = await tx.priorAuth.updateMany({
      where: { id: row.id, status: row.status },
      data: {
        status: "Processing", intakeStatus: "Processing", failureReason: null, processingAttempts: 0,
        epaPayload: plan.merged as unknown as Prisma.InputJsonValue,
        documentUrls: [...row.documentUrls, ...opts.documentUrls.filter((url) => !row.documentUrls.includes(url))],
        ...(reopening ? { decidedAt: null, decidedBy: null, statusReason: `re-opened by the submitter's update ${request.claimKey}` } : {}),
        ...(await waitingClockData(tx, row, "Processing")),
      },
    });
    if (moved.count === 0) throw new Conflict("The authorization changed meanwhile: send the update again.");
    await tx.pasSubmission.update({ where: { id: opts.submissionId }, data: { priorAuthId } });
    if (reopening) {
      await recordAuditEvent(tx, {
        workspaceId, priorAuthId, actor, action: "prior_auth.reopened",
        details: { previous_status: row.status, decided_by: row.decidedBy, reason: `the submitter changed items ${[...plan.added, ...plan.modified].join(", ")}` },
      });
    }
    await recordAuditEvent(tx, { workspaceId, priorAuthId, actor, action: "pas.updated", details: { ...details, previous_status: row.status } });
    // The changed and added items are pended; the items certified before and not changed keep their certification.
    await recordPasAnswer(tx, { priorAuthId, actor, notify: false, reopenedItems: [...plan.added, ...plan.modified] });
  });
  await startProcessing({ priorAuthId, workspaceId, synchronous: false });
  return { ok: true, priorAuthId };
}
