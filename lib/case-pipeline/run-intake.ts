// The pipeline of one case: fetch or load each document, read it, extract the intake, and finish the case exactly
// once. Safe to run again after a crash (documents already stored are reused; only the lease holder may finish).
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent, SYSTEM_ACTOR } from "@/lib/audit/record-audit-event";
import { logger } from "@/lib/log";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { PdfReadError } from "@/lib/documents/read-pdf";
import { DocumentLimitError } from "@/lib/documents/read-in-worker";
import { obtainDocument, UnsupportedDocumentError } from "@/lib/documents/obtain-document";
import { toSourceDocument } from "@/lib/documents/to-source-document";
import { extractIntake } from "@/lib/intake/extract-intake";
import { INTAKE_ENGINE_VERSION } from "@/lib/intake/engine-version";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { requestEvaluation } from "./request-evaluation";
import { acquireLease, type Lease } from "@/lib/prior-auths/lease";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "@/lib/prior-auths/present-prior-auth";

const MAX_ATTEMPTS = Number(process.env.PA_MAX_PROCESSING_ATTEMPTS ?? 5);

class CaseNoLongerProcessing extends Error {}

/** A problem with the material itself: the case fails with this message as its failure_reason. */
function userFacingReason(error: unknown): string | null {
  if (error instanceof DocumentFetchError || error instanceof PdfReadError || error instanceof UnsupportedDocumentError || error instanceof DocumentLimitError) return error.message;
  if (error instanceof SyntaxError) return `A JSON document could not be parsed: ${error.message}`;
  return null;
}

async function assertStillOurs(priorAuthId: string, lease: Lease) {
  const row = await prisma.priorAuth.findUnique({ where: { id: priorAuthId }, select: { status: true, leaseOwner: true } });
  if (!row || row.status !== "Processing" || row.leaseOwner !== lease.owner) throw new CaseNoLongerProcessing();
}

export type ProcessOutcome = "Succeeded" | "Failed" | "skipped";

export type IntakeProgress = {
  phase: "fetching" | "reading" | "recognizing" | "extracting";
  /** 1-based position of the document being read, of `documents`. */
  document: number;
  documents: number;
  pages_done: number;
  pages_total: number;
};

/** Writes the case's reading progress, at most every PROGRESS_MS (and at once on a new phase); never fails the case. */
const PROGRESS_MS = 500;
function progressWriter(priorAuthId: string, documents: number) {
  let last = 0;
  let lastPhase = "";
  return {
    async set(progress: Omit<IntakeProgress, "documents">, force = false) {
      const now = Date.now();
      const key = `${progress.phase}:${progress.document}`;
      const finished = progress.pages_total > 0 && progress.pages_done === progress.pages_total;
      if (!force && key === lastPhase && !finished && now - last < PROGRESS_MS) return;
      last = now;
      lastPhase = key;
      await prisma.priorAuth
        .updateMany({ where: { id: priorAuthId, status: "Processing" }, data: { intakeProgress: { ...progress, documents } } })
        .catch((error) => logger.warn("progress not saved", { priorAuthId, error }));
    },
  };
}

export async function processPriorAuth(priorAuthId: string): Promise<ProcessOutcome> {
  const lease = await acquireLease(priorAuthId);
  if (!lease) return "skipped";
  const priorAuth = await prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
  try {
    const urls = priorAuth.documentUrls;
    const documents = [];
    const progress = progressWriter(priorAuthId, urls.length);
    for (const [position, url] of urls.entries()) {
      await assertStillOurs(priorAuthId, lease);
      await progress.set({ phase: "fetching", document: position + 1, pages_done: 0, pages_total: 0 }, true);
      // Reading runs in a worker thread (lib/documents/read-in-worker.ts), outside any transaction.
      documents.push(await obtainDocument({
        priorAuth, url, position,
        onProgress: (p) => void progress.set({ phase: p.phase === "ocr" ? "recognizing" : "reading", document: position + 1, pages_done: p.done, pages_total: p.total }),
      }));
    }
    await assertStillOurs(priorAuthId, lease);
    await progress.set({ phase: "extracting", document: urls.length, pages_done: 0, pages_total: 0 }, true);
    const facts = extractIntake(documents.map(toSourceDocument), { epaPayload: priorAuth.epaPayload ?? undefined });
    const outcome = await finish(priorAuthId, lease, "Succeeded", null, facts);
    if (outcome === "Succeeded") await requestEvaluation({ priorAuthId, workspaceId: priorAuth.workspaceId, trigger: "intake" });
    return outcome;
  } catch (error) {
    if (error instanceof CaseNoLongerProcessing) return "skipped";
    const reason = userFacingReason(error);
    // `return await`: the lease must still be held when finish() writes (the finally block releases it).
    if (reason) return await finish(priorAuthId, lease, "Failed", reason, null);
    logger.error("processing failed", { priorAuthId, attempt: priorAuth.processingAttempts, error });
    if (priorAuth.processingAttempts >= MAX_ATTEMPTS) {
      return await finish(priorAuthId, lease, "Failed", `Processing failed after ${MAX_ATTEMPTS} attempts because of an internal error.`, null);
    }
    throw error;
  } finally {
    await lease.release().catch(() => undefined);
  }
}

async function finish(
  priorAuthId: string,
  lease: Lease,
  outcome: "Succeeded" | "Failed",
  failureReason: string | null,
  facts: ReturnType<typeof extractIntake> | null,
): Promise<ProcessOutcome> {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.priorAuth.updateMany({
      where: { id: priorAuthId, status: "Processing", leaseOwner: lease.owner },
      data: {
        status: outcome,
        intakeStatus: outcome,
        failureReason,
        intakeProgress: Prisma.DbNull,
        patientName: facts?.patient ? [...facts.patient.given, facts.patient.family].filter(Boolean).join(" ") || null : null,
        drugName: facts?.medicationRequests[0]?.name ?? null,
      },
    });
    if (updated.count === 0) return "skipped" as const; // cancelled meanwhile, or the lease was lost
    const row = await tx.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId }, include: PRIOR_AUTH_INCLUDE });
    if (facts) {
      await tx.intake.upsert({
        where: { priorAuthId },
        create: { priorAuthId, facts: facts as unknown as Prisma.InputJsonValue, engineVersion: INTAKE_ENGINE_VERSION },
        update: { facts: facts as unknown as Prisma.InputJsonValue, engineVersion: INTAKE_ENGINE_VERSION },
      });
    }
    await recordAuditEvent(tx, {
      workspaceId: row.workspaceId,
      priorAuthId,
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
    return outcome;
  });
}
