// Stage 2, intake (the `process-prior-auth` job): the case's documents read (stage 1, ./read-documents.ts), the facts
// extracted by the `intake` engine (lib/intake/extract-intake.ts), stored as the case's Intake stamped with that
// engine's version, and the case finished exactly once; then the evaluation is queued. Safe to run again after a
// crash (documents already stored are reused; only the lease holder may finish).
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { PdfReadError } from "@/lib/documents/read-pdf";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { UnsupportedDocumentError } from "@/lib/documents/obtain-document";
import { toSourceDocument } from "@/lib/documents/to-source-document";
import { extractIntake } from "@/lib/intake/extract-intake";
import { INTAKE_ENGINE_VERSION } from "@/lib/intake/engine-version";
import { applyCorrections, drugNameOf, patientNameOf } from "@/lib/intake/corrections";
import { loadCorrections } from "./get-intake-facts";
import { requestEvaluation } from "./request-evaluation";
import { acquireLease, type Lease } from "@/lib/prior-auths/lease";
import { PRIOR_AUTH_INCLUDE } from "@/lib/prior-auths/present-prior-auth";
import { progressWriter, readCaseDocuments } from "./read-documents";
import { recordIntakeOutcome } from "./record-outcome";

const MAX_ATTEMPTS = Number(process.env.PA_MAX_PROCESSING_ATTEMPTS ?? 5);

class CaseNoLongerProcessing extends Error {}

/** A problem with the material itself: the case fails with this message as its failure_reason. */
function userFacingReason(error: unknown): string | null {
  if (error instanceof DocumentFetchError || error instanceof PdfReadError || error instanceof UnsupportedDocumentError || error instanceof DocumentOverLimit) return error.message;
  if (error instanceof SyntaxError) return `A JSON document could not be parsed: ${error.message}`;
  return null;
}

async function assertStillOurs(priorAuthId: string, lease: Lease) {
  const row = await prisma.priorAuth.findUnique({ where: { id: priorAuthId }, select: { status: true, leaseOwner: true } });
  if (!row || row.status !== "Processing" || row.leaseOwner !== lease.owner) throw new CaseNoLongerProcessing();
}

export type ProcessOutcome = "Succeeded" | "Failed" | "skipped";

export async function processPriorAuth(priorAuthId: string): Promise<ProcessOutcome> {
  const lease = await acquireLease(priorAuthId);
  if (!lease) return "skipped";
  const priorAuth = await prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
  try {
    const progress = progressWriter(priorAuthId, priorAuth.documentUrls.length);
    const documents = await readCaseDocuments({ priorAuth, progress, beforeEach: () => assertStillOurs(priorAuthId, lease) });
    await assertStillOurs(priorAuthId, lease);
    await progress.set({ phase: "extracting", document: priorAuth.documentUrls.length, pages_done: 0, pages_total: 0 }, true);
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
    // A reviewer's corrections stay on top of a re-read: the queue's name and drug are the corrected ones.
    const shown = facts ? applyCorrections(facts, await loadCorrections(tx, priorAuthId)) : null;
    const updated = await tx.priorAuth.updateMany({
      where: { id: priorAuthId, status: "Processing", leaseOwner: lease.owner },
      data: {
        status: outcome,
        intakeStatus: outcome,
        failureReason,
        intakeProgress: Prisma.DbNull,
        patientName: shown ? patientNameOf(shown) : null,
        drugName: shown ? drugNameOf(shown) : null,
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
    await recordIntakeOutcome(tx, { row, outcome, failureReason, facts });
    return outcome;
  });
}
