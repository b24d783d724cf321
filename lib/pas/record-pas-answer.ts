// The stored PAS answer of a case that came through /fhir/Claim/$submit: the Response Bundle as the case stands now
// (pasAnswerFor), written as a new version whenever what it says changes (a clinician's approval, denial or request
// for information, the engine's own final decision). $submit (first answer and resubmissions) and later reads return
// the stored version; a decision also pushes it to every matching PAS Subscription. Every version is kept
// (PasAnswerVersion, read at /fhir/ClaimResponse/{id}/_history/{version}). Runs in the caller's transaction.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Bundle, ClaimResponse } from "@medplum/fhirtypes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { actionOf, buildPasResponse, type PasAnswer } from "@/lib/fhir/pas/build-pas-response";
import { readPasRequest, type PasRequest } from "@/lib/fhir/pas/read-pas-request";
import { readStoredRecord } from "@/lib/stored-record";
import { pasAnswerFor, withModifications } from "@/lib/pas/pas-answer";
import { ZItemModifications } from "@/lib/schemas/review";
import { notifyPasSubscriptions } from "@/lib/pas/notify-pas-subscriptions";

type Tx = Prisma.TransactionClient;

/** A FHIR Bundle as stored (its content is FHIR's, checked when it was received or built). */
export const ZStoredBundle = z.custom<Bundle>((value) => Boolean(value) && typeof value === "object" && (value as { resourceType?: unknown }).resourceType === "Bundle");

const readBundle = (stored: unknown, record: string) => readStoredRecord(ZStoredBundle, stored, { record, remedy: "submit the request again" });

/**
 * The case's current answer, stored as a new version if it says something new. `notify`: push a new version to the
 * subscriptions (a decision), not for $submit's own synchronous answer. Null when the case did not come through PAS.
 */
export async function recordPasAnswer(
  tx: Tx,
  opts: { priorAuthId: string; actor: Actor; notify: boolean; serverBase?: string; now?: Date; reopenedItems?: number[] },
): Promise<Bundle | null> {
  const first = await tx.pasSubmission.findFirst({ where: { priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (!first) return null;
  // One writer at a time per submission: versions follow each other, and two decisions never write the same number.
  await tx.$queryRaw`SELECT 1 FROM "PasSubmission" WHERE id = ${first.id}::uuid FOR UPDATE`;
  const submission = await tx.pasSubmission.findUniqueOrThrow({ where: { id: first.id } });
  const serverBase = submission.serverBase ?? opts.serverBase;
  if (!serverBase) return null; // a submission from before answers were stored, read without a request: nothing to build on
  const { epaPayload, ...state } = await tx.priorAuth.findUniqueOrThrow({
    where: { id: opts.priorAuthId },
    select: { id: true, status: true, decidedAt: true, decidedBy: true, failureReason: true, uncheckedReason: true, statusReason: true, epaPayload: true },
  });
  const now = opts.now ?? new Date();
  // A clinician's decision is answered with the clinician's own words (the decision's note).
  const review = state.decidedAt && state.decidedBy !== "engine"
    ? await tx.review.findFirst({ where: { priorAuthId: state.id }, orderBy: { sequence: "desc" }, select: { decision: true, note: true, modifications: true } })
    : null;
  // An approval with modified items answers them A6 (the reviewer's modifications, checked when recorded).
  const modifications = review?.decision === "approved" && state.status === "approved" && review.modifications !== null
    ? readStoredRecord(ZItemModifications, review.modifications, { record: `the modifications of the approval of ${state.id}`, remedy: "record the decision again" })
    : [];
  const caseAnswer = withModifications(pasAnswerFor({ ...state, statusReason: review?.decision === state.status ? review.note : state.statusReason }, now), modifications);

  // The authorization's request as it stands (the initial one with every Claim Update applied), else as first sent.
  const reading = readPasRequest(ZStoredBundle.safeParse(epaPayload).data ?? readBundle(submission.requestBundle, `the PAS request of submission ${submission.id}`));
  if (!reading.ok) return null;
  const previous = submission.responseBundle ? claimResponseOf(readBundle(submission.responseBundle, `the PAS answer of submission ${submission.id}`)) : null;
  const answer = itemized(caseAnswer, reading.request, previous, { status: state.status, reopened: opts.reopenedItems ?? [] });
  const built = buildPasResponse(reading.request, answer, serverBase);
  const digest = digestOf(claimResponseOf(built));
  if (submission.responseBundle && submission.responseDigest === digest) return readBundle(submission.responseBundle, `the PAS answer of submission ${submission.id}`);

  const version = submission.responseVersion + 1;
  const bundle = versioned(built, submission.id, version, now);
  await tx.pasSubmission.update({
    where: { id: submission.id },
    data: { responseBundle: bundle as unknown as Prisma.InputJsonValue, responseVersion: version, responseDigest: digest, serverBase },
  });
  await tx.pasAnswerVersion.create({ data: { submissionId: submission.id, version, bundle: bundle as unknown as Prisma.InputJsonValue } });
  const notified = opts.notify
    ? await notifyPasSubscriptions(tx, { workspaceId: submission.workspaceId, serverBase, requestBundle: reading.request.bundle, responseBundle: bundle, now })
    : 0;
  await recordAuditEvent(tx, {
    workspaceId: submission.workspaceId, priorAuthId: opts.priorAuthId, actor: opts.actor, action: "pas.answered",
    details: { channel: "pas", submission_id: submission.id, version, review_action: answer.action, items: itemActions(claimResponseOf(bundle)), subscriptions_notified: notified },
  });
  return bundle;
}

/**
 * The case's answer item by item, given the version before it: an item no longer on the request was withdrawn (C,
 * for good); while the case is pended again after the submitter changed its request, an item certified before and not
 * changed keeps its certification (only the changed or added items are reviewed again). A final decision, a request
 * for information or a cancellation answers every item still asked for: the reviewer decides the authorization whole.
 */
function itemized(answer: PasAnswer, request: PasRequest, previous: ClaimResponse | null, opts: { status: string; reopened: number[] }): PasAnswer {
  const asked = new Set(request.items.map((item) => item.sequence));
  const before = previous?.item ?? [];
  const withdrawn = before.filter((item) => !asked.has(item.itemSequence)).map((item) => item.itemSequence);
  const holdsCertifications = answer.action === "A4" && opts.status !== "request_for_information";
  const kept = holdsCertifications
    ? before.filter((item) => asked.has(item.itemSequence) && !opts.reopened.includes(item.itemSequence) && ["A1", "A6"].includes(actionOf(item) ?? ""))
    : [];
  return { ...answer, cancelledItems: [...new Set([...(answer.cancelledItems ?? []), ...withdrawn])], keptItems: kept };
}

const claimResponseOf = (bundle: Bundle) => bundle.entry![0].resource as ClaimResponse;

/** Each item's review action, by sequence (the audit trail's record of a version). */
const itemActions = (claimResponse: ClaimResponse) => Object.fromEntries((claimResponse.item ?? []).map((item) => [item.itemSequence, actionOf(item) ?? null]));

/** What an answer says, without when it was built: its items (actions, numbers, periods) and notes. */
function digestOf(claimResponse: ClaimResponse): string {
  const said = { items: claimResponse.item ?? [], preAuthRef: claimResponse.preAuthRef ?? null, notes: (claimResponse.processNote ?? []).map((note) => note.text) };
  return createHash("sha256").update(JSON.stringify(said)).digest("hex");
}

/** The Bundle and its ClaimResponse carry the version; the Bundle's id is the submission's (a notification's focus). */
function versioned(bundle: Bundle, id: string, version: number, now: Date): Bundle {
  const meta = { versionId: String(version), lastUpdated: now.toISOString() };
  const [first, ...rest] = bundle.entry ?? [];
  const claimResponse = first.resource as ClaimResponse;
  return { ...bundle, id, meta: { ...bundle.meta, ...meta }, entry: [{ ...first, resource: { ...claimResponse, meta: { ...claimResponse.meta, ...meta } } }, ...rest] };
}
