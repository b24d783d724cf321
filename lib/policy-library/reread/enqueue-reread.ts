// Queues a policy document's re-read (the reread-policy-document job, run by the workers, never by the request
// thread) and records it on the document as queued. One at a time per document: a Conflict while one is queued or reading.
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { Conflict, NotFound } from "@/lib/errors/domain-errors";
import { logger } from "@/lib/log";
import { JOBS, enqueueJob } from "@/lib/jobs/definitions";
import { QUEUE_SETTINGS } from "@/lib/jobs/queue";
import { isReadingActive, isReadingStuck, presentPolicyReading, queuedReading, type PolicyReading, type RereadReason } from "@/lib/policies/reread/policy-reading";

type Tx = Prisma.TransactionClient;

/** Past every attempt the queue would make (expiry per attempt, plus the retry waits): the job is gone. */
const STUCK_AFTER_MS = (JOBS.rereadPolicyDocument.expireInSeconds * (QUEUE_SETTINGS.retryLimit + 1) + 600) * 1000;

/** Marks the document queued inside the caller's transaction (the row is locked: two requests cannot both queue). */
export async function markRereadQueued(tx: Tx, opts: { workspaceId: string; documentId: string; reason: RereadReason; total?: number | null }): Promise<PolicyReading> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Document" WHERE id = ${opts.documentId}::uuid AND "workspaceId" = ${opts.workspaceId}::uuid FOR UPDATE`;
  if (!locked.length) throw new NotFound(`Policy document ${opts.documentId}`);
  const row = await tx.document.findFirst({ where: { id: opts.documentId, workspaceId: opts.workspaceId, policies: { some: {} } }, select: { policyReading: true } });
  if (!row) throw new NotFound(`Policy document ${opts.documentId}`);
  const current = presentPolicyReading(row.policyReading);
  if (isReadingActive(current) && !isReadingStuck(current, new Date(), STUCK_AFTER_MS)) throw new Conflict(`Policy document ${opts.documentId} is already being re-read (${current!.status} since ${current!.started_at ?? current!.queued_at}).`);
  const reading = queuedReading(opts.reason, new Date(), opts.total ?? null);
  await tx.document.update({ where: { id: opts.documentId }, data: { policyReading: reading as unknown as Prisma.InputJsonValue } });
  return reading;
}

/** Sends the job after the queued mark is committed; if the queue cannot take it, the document says so (failed). */
export async function sendRereadJob(opts: { workspaceId: string; documentId: string; reason: RereadReason }): Promise<PolicyReading | null> {
  try {
    await enqueueJob("rereadPolicyDocument", { workspaceId: opts.workspaceId, documentId: opts.documentId, reason: opts.reason }, { singletonKey: opts.documentId });
    return null;
  } catch (error) {
    logger.error("re-read could not be queued", { documentId: opts.documentId, error });
    const failed: PolicyReading = { ...queuedReading(opts.reason, new Date()), status: "failed", finished_at: new Date().toISOString(), message: "the re-read could not be queued; try again" };
    await prisma.document.update({ where: { id: opts.documentId }, data: { policyReading: failed as unknown as Prisma.InputJsonValue } });
    return failed;
  }
}

/** Queues a re-read now (its own transaction), then sends the job. */
export async function enqueuePolicyDocumentReread(opts: { workspaceId: string; documentId: string; reason: RereadReason }): Promise<PolicyReading> {
  const reading = await prisma.$transaction((tx) => markRereadQueued(tx, opts));
  return (await sendRereadJob(opts)) ?? reading;
}
