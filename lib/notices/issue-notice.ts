// Issues a notice inside the transaction that records the decision: its content is built from the case as it stands
// (intake, latest policy check, latest determination), stored fixed, audited, and announced as `notice.created`.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { readDeterminationBody } from "@/lib/determinations/determination-record";
import { readPolicyCheckRecord } from "@/lib/policies/policy-check-record";
import { correctedFactsOf } from "@/lib/case-pipeline/get-intake-facts";
import { formatTimestamp } from "@/lib/time";
import { tableQuotesInWords } from "@/lib/documents/table-quote";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { patientNameOf, requestedServiceOf, unverifiedNoticeFacts, type UnverifiedFact } from "@/lib/intake/corrections";
import { buildNotice, type NoticeBody, type NoticeOutcome } from "./build-notice";
import { DEFAULT_APPEAL_INSTRUCTIONS, denialReasonCodesOf } from "./denial-reason-codes";
import { readNoticeBody } from "./notice-body-schema";
import { presentNotice } from "./present-notice";
import { readStoredPages } from "@/lib/documents/layout/source-document";

type Tx = Prisma.TransactionClient;

type NoticeOptions = {
  workspaceId: string; priorAuthId: string; outcome: NoticeOutcome; decidedBy: string; reviewerNote?: string | null; reasonCode?: string | null;
  /** An amended decision: the review it changes (whose notice this one corrects) and why. */
  corrects?: { reviewId: string; reason: string } | null;
};

/**
 * The notice's content from the case as it stands, and the facts a person must still verify before it may be sent
 * (an unread patient name, or neither drug nor service read). The preview shows exactly this; issuing stores it.
 */
export async function composeNotice(tx: Tx, opts: NoticeOptions): Promise<{ body: NoticeBody; unverified: UnverifiedFact[] }> {
  const priorAuth = await tx.priorAuth.findFirstOrThrow({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
  const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { denialReasonCodes: true, appealInstructions: true } });
  const check = await tx.policyCheck.findFirst({ where: { priorAuthId: priorAuth.id }, orderBy: { createdAt: "desc" } });
  const determination = await tx.determination.findFirst({ where: { priorAuthId: priorAuth.id }, orderBy: { createdAt: "desc" } });
  // The facts as corrected by reviewers: the notice names whom and what a person verified.
  const facts = await correctedFactsOf(tx, priorAuth.id);
  const med = facts?.medicationRequests[0] ?? null;
  const patient = facts?.patient ?? null;
  const service = facts ? requestedServiceOf(facts) : null;
  const checked = check ? readPolicyCheckRecord(check) : null;
  const policyMeta = checked?.summary.policy ?? null;
  const reasonCode = opts.reasonCode ? (denialReasonCodesOf(workspace.denialReasonCodes).find((r) => r.code === opts.reasonCode) ?? null) : null;
  const corrected = opts.corrects ? await correctedNotice(tx, priorAuth.id, opts.corrects.reviewId) : null;
  const body = buildNotice({
    outcome: opts.outcome,
    caseId: priorAuth.caseId,
    receivedAt: formatTimestamp(priorAuth.receivedAt),
    issuedAt: formatTimestamp(new Date()),
    patient: {
      name: (facts ? patientNameOf(facts) : null) ?? priorAuth.patientName,
      birthDate: patient?.birthDate ?? null,
      // The member ID as intake reads it and the FHIR Patient carries it (lib/fhir/build-patient.ts): the coverage's, else the patient's.
      memberId: facts?.coverage?.memberId ?? patient?.memberId ?? null,
    },
    drug: { name: med?.name || priorAuth.drugName, strength: med?.strength ?? null, quantity: med?.quantity ?? null, quantityUnit: med?.quantityUnit ?? null, daysSupply: med?.daysSupply ?? null },
    service: service ? { code: service.code, system: service.system, display: service.display } : null,
    policy: policyMeta ? { title: policyMeta.title, section: policyMeta.section ?? null } : null,
    steps: checked?.steps ?? [],
    missingInformation: determination ? readDeterminationBody(determination.body, determination.id).missing_information : [],
    decidedBy: opts.decidedBy,
    reviewerNote: opts.reviewerNote ?? null,
    reasonCode,
    appealInstructions: workspace.appealInstructions ?? DEFAULT_APPEAL_INSTRUCTIONS,
    correction: opts.corrects
      ? { noticeId: corrected?.id ?? null, title: corrected ? readNoticeBody(corrected.body, corrected.id).title : null, issuedAt: corrected ? formatTimestamp(corrected.createdAt) : null, reason: opts.corrects.reason }
      : null,
  });
  // A finding that quotes a table row names each cell by its column (headers from the case's pages), never "a | b".
  const pages = await casePageTexts(tx, priorAuth.id);
  const reasons = body.reasons.map((r) => (r.finding ? { ...r, finding: tableQuotesInWords(r.finding, pages) } : r));
  return { body: { ...body, reasons }, unverified: facts ? unverifiedNoticeFacts(facts) : [] };
}

/** The text of every page of the case's documents, in the case's order. */
async function casePageTexts(tx: Tx, priorAuthId: string): Promise<string[]> {
  const links = await tx.priorAuthDocument.findMany({ where: { priorAuthId }, orderBy: { position: "asc" }, include: { document: { select: { id: true, pages: true } } } });
  return links.flatMap((l) => readStoredPages(l.document.pages, `the pages of document ${l.document.id}`).map((p) => p.text));
}

export async function issueNotice(tx: Tx, opts: NoticeOptions & { actor: Actor; reviewId?: string | null }) {
  // A reviewer's decision checks first that the facts it names are verified (lib/reviews/record-review.ts).
  const { body } = await composeNotice(tx, opts);
  const priorAuth = { id: opts.priorAuthId, caseId: body.case_id };
  const notice = await tx.notice.create({
    data: { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, kind: opts.outcome === "request_for_information" ? "request_for_information" : "decision", outcome: opts.outcome, body: body as unknown as Prisma.InputJsonValue, reviewId: opts.reviewId ?? null },
  });
  const presented = presentNotice(notice);
  await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "notice.issued", details: { notice_id: notice.id, outcome: opts.outcome, reasons: body.reasons.length, ...(body.correction ? { corrects_notice_id: body.correction.corrects_notice_id } : {}) } });
  await emitWebhookEvent(tx, { workspaceId: opts.workspaceId, type: "notice.created", data: { prior_auth_id: priorAuth.id, case_id: priorAuth.caseId, notice: presented } });
  return presented;
}

/** The notice an amended decision issued; for a decision from before notices were linked to it, the case's latest. */
async function correctedNotice(tx: Tx, priorAuthId: string, reviewId: string) {
  return (
    (await tx.notice.findFirst({ where: { priorAuthId, reviewId }, orderBy: { createdAt: "desc" } })) ??
    (await tx.notice.findFirst({ where: { priorAuthId }, orderBy: { createdAt: "desc" } }))
  );
}
