// POST /fhir/Claim/$submit: a Da Vinci PAS request becomes one prior authorization of the workspace, through the same
// create as /api/v1 (the Bundle is its ePA payload: intake reads its Claim, Patient, Coverage and diagnoses; its
// attached documents are the case's documents), and is answered with a PAS Response Bundle once the engine has decided
// or the answer's wait is over (pended, A4). A PAS Claim Update (Claim.related) changes or cancels the authorization
// of the claim it names instead (update-pas-claim.ts).
import type { Bundle } from "@medplum/fhirtypes";
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { Conflict } from "@/lib/errors/domain-errors";
import type { Actor } from "@/lib/audit/actor";
import { createPriorAuth } from "@/lib/prior-auths/create-prior-auth";
import type { SlaHours } from "@/lib/prior-auths/present-prior-auth";
import { validatePas } from "@/lib/fhir/pas/validate-pas";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";
import { readPasRequest, type PasRequest } from "@/lib/fhir/pas/read-pas-request";
import { buildPasResponse } from "@/lib/fhir/pas/build-pas-response";
import { readPasAttachments } from "@/lib/fhir/pas/read-pas-attachments";
import { pasAnswerFor, type CaseState } from "@/lib/pas/pas-answer";
import { recordPasAnswer } from "@/lib/pas/record-pas-answer";
import { storePasAttachments } from "@/lib/pas/store-pas-attachments";
import { updatePasClaim } from "@/lib/pas/update-pas-claim";
import { refuse, type PasRefusal } from "@/lib/pas/pas-refusal";

/** How long $submit waits for the engine before answering "pended" (the guide asks for an answer within 15 s). */
const ANSWER_WAIT_MS = Number(process.env.PA_PAS_ANSWER_WAIT_MS ?? 10_000);
const POLL_MS = 200;
/** X12 1322 certification types of an initial request; the others change an authorization (a PAS Claim Update). */
const INITIAL_CERTIFICATION_TYPES = new Set(["I", undefined]);
/** The PAS Response Bundle (replayed: the answer of an earlier copy of the same request), or why the request is refused. */
export type SubmitOutcome = Answered | ({ ok: false } & PasRefusal);
type Answered = { ok: true; answer: Bundle; replayed?: boolean };

export async function submitPasClaim(opts: { workspace: { id: string } & SlaHours; actor: Actor; body: unknown; serverBase: string }): Promise<SubmitOutcome> {
  const { workspace, actor } = opts;
  if (!isBundle(opts.body)) return invalid([{ expression: "Bundle", message: "the body must be a FHIR Bundle (a PAS Request Bundle)" }]);
  const problems = await validatePas(opts.body, `${PAS_CANONICAL}/profile-pas-request-bundle`);
  if (problems.length) return invalid(problems);
  const reading = readPasRequest(opts.body);
  if (!reading.ok) return invalid([reading]);
  const request = reading.request;
  const isUpdate = request.relatedClaimKeys.length > 0;
  const unsupported = isUpdate ? undefined : request.items.find((item) => !INITIAL_CERTIFICATION_TYPES.has(item.certificationType));
  if (unsupported) {
    return refused("not_supported", `Claim.item[${request.items.indexOf(unsupported)}]`, `certification type ${unsupported.certificationType} changes an authorization: send it as a PAS Claim Update naming the authorization's claim in Claim.related`);
  }

  const reserved = await reserve(workspace.id, request);
  if (reserved.existing !== undefined) return { ...(await answer(reserved.existing, request, opts)), replayed: true };

  let priorAuthId: string;
  const submissionId = reserved.id;
  const release = () => prisma.pasSubmission.delete({ where: { id: submissionId } }).catch(() => undefined);
  try {
    // The documents first: one that cannot be had is the submitter's refusal, and nothing of the request is kept.
    const documents = await storePasAttachments({ workspaceId: workspace.id, actor, attachments: readPasAttachments(request.bundle, request.claim) });
    if (!documents.ok) {
      await release();
      return documents;
    }
    if (isUpdate) {
      const updated = await updatePasClaim({ workspaceId: workspace.id, actor, request, submissionId, documentUrls: documents.documentUrls });
      if (!updated.ok) {
        await release();
        return updated;
      }
      priorAuthId = updated.priorAuthId;
    } else {
      const created = await createPriorAuth({
        workspaceId: workspace.id,
        sla: workspace,
        actor,
        input: {
          case_id: request.claimIdentifier.value!,
          ePA: { epa_payload: { ...request.bundle }, ...(documents.documentUrls.length ? { document_urls: documents.documentUrls } : {}) },
          expedited: isUrgent(request),
        },
      });
      priorAuthId = created.id;
      await prisma.$transaction(async (tx) => {
        await tx.pasSubmission.update({ where: { id: submissionId }, data: { priorAuthId } });
        await recordAuditEvent(tx, {
          workspaceId: workspace.id, priorAuthId, actor, action: "pas.submitted",
          details: { channel: "pas", submission_id: submissionId, bundle_identifier: request.bundleKey, claim_identifier: request.claimKey, items: request.items.length, documents: documents.documentUrls.length },
        });
      });
    }
  } catch (error) {
    await release();
    throw error;
  }
  return answer(priorAuthId, request, opts);
}

/** Writes the submission's row before the case, or finds the case an earlier copy of the same request made. */
async function reserve(workspaceId: string, request: PasRequest): Promise<{ id: string; existing?: undefined } | { id?: undefined; existing: string }> {
  try {
    const row = await prisma.pasSubmission.create({
      data: { workspaceId, bundleKey: request.bundleKey, claimKey: request.claimKey, contentHash: request.contentHash, requestBundle: request.bundle as unknown as Prisma.InputJsonValue },
    });
    return { id: row.id };
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  const match = { workspaceId, OR: [...(request.bundleKey ? [{ bundleKey: request.bundleKey }] : []), { claimKey: request.claimKey, contentHash: request.contentHash }] };
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (;;) {
    const earlier = await prisma.pasSubmission.findFirst({ where: match, select: { priorAuthId: true } });
    if (earlier?.priorAuthId) return { existing: earlier.priorAuthId };
    if (!earlier) return reserve(workspaceId, request); // the other copy failed and let its reservation go
    if (Date.now() > deadline) throw new PasSubmissionInProgress();
    await sleep(POLL_MS);
  }
}

/** Another copy of the same request is still creating its case (409). */
export class PasSubmissionInProgress extends Conflict {
  constructor() {
    super("The same request is still being received; retry it in a few seconds.");
  }
}

/**
 * The case's answer once settled, stored as its current version: for an initial request, a resubmission and a Claim
 * Update alike, the latest answer of every item the authorization ever had (record-pas-answer.ts).
 */
async function answer(priorAuthId: string, request: PasRequest, opts: { actor: Actor; serverBase: string }): Promise<Answered> {
  const state = await settledState(priorAuthId);
  const stored = await prisma.$transaction((tx) => recordPasAnswer(tx, { priorAuthId, actor: opts.actor, notify: false, serverBase: opts.serverBase }));
  return { ok: true, answer: stored ?? buildPasResponse(request, pasAnswerFor(state, new Date()), opts.serverBase) };
}

/** The case once the engine has decided, or as it stands when the wait is over. */
async function settledState(priorAuthId: string): Promise<CaseState> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (;;) {
    const { workspace, ...row } = await prisma.priorAuth.findUniqueOrThrow({
      where: { id: priorAuthId },
      select: { id: true, status: true, decidedAt: true, decidedBy: true, failureReason: true, uncheckedReason: true, statusReason: true, workspace: { select: { autoEvaluate: true } } },
    });
    // A read case waits for the engine's evaluation when the workspace runs it, unless it was found not checkable.
    const waitingForEngine = row.status === "Processing" || (row.status === "Succeeded" && workspace.autoEvaluate && !row.uncheckedReason);
    if (!waitingForEngine || Date.now() > deadline) return row;
    await sleep(POLL_MS);
  }
}

function isBundle(body: unknown): body is Bundle {
  return Boolean(body) && typeof body === "object" && (body as { resourceType?: unknown }).resourceType === "Bundle";
}

function isUrgent(request: PasRequest): boolean {
  return request.claim.priority?.coding?.some((coding) => coding.code === "stat") ?? false;
}

function invalid(problems: { expression: string; message: string }[]): SubmitOutcome {
  return { ok: false, ...refuse("invalid", problems) };
}

function refused(kind: PasRefusal["refused"], expression: string, message: string): SubmitOutcome {
  return { ok: false, ...refuse(kind, [{ expression, message }]) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
