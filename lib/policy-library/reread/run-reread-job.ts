// The reread-policy-document job: marks the document reading, re-reads it with progress (cells done of total, written
// at most every few seconds), and stores the outcome (done with counts, or failed with why) on the document.
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { DocumentOverLimit, DomainError } from "@/lib/errors/domain-errors";
import { SYSTEM_ACTOR } from "@/lib/audit/record-audit-event";
import { logger } from "@/lib/log";
import { presentPolicyReading, queuedReading, type PolicyReading, type RereadReason } from "@/lib/policies/reread/policy-reading";
import { rereadPolicyDocument, type RereadOutcome } from "./reread-policy-document";

const PROGRESS_EVERY_MS = Number(process.env.PA_REREAD_PROGRESS_MS ?? 2000);

async function save(documentId: string, reading: PolicyReading) {
  await prisma.document.update({ where: { id: documentId }, data: { policyReading: reading as unknown as Prisma.InputJsonValue } });
}

export function outcomeMessage(outcome: RereadOutcome): string {
  const parts = [
    `${outcome.sections_read} sections read by reader ${outcome.reader_version}`,
    `${outcome.changed} policies with a new version`,
    `${outcome.added} new`,
    `${outcome.drafts} readings stored as drafts (a person's edits are kept)`,
    outcome.drafts_kept ? `${outcome.drafts_kept} left: a draft is pending` : null,
    outcome.unmatched.length ? `${outcome.unmatched.length} policies whose section was not found (left as they are)` : null,
    outcome.cells_left ? `${outcome.cells_left} requirement cells still unread at the background limit (PA_OCR_MAX_CELLS_BACKGROUND, PA_OCR_CELLS_TIMEOUT_MS_BACKGROUND)` : null,
  ];
  return parts.filter(Boolean).join("; ");
}

export async function runRereadJob(payload: { workspaceId: string; documentId: string; reason: RereadReason }): Promise<"done" | "failed" | "gone"> {
  const row = await prisma.document.findFirst({ where: { id: payload.documentId, workspaceId: payload.workspaceId }, select: { policyReading: true } });
  if (!row) return "gone";
  const base = presentPolicyReading(row.policyReading) ?? queuedReading(payload.reason, new Date());
  let reading: PolicyReading = { ...base, status: "reading", reason: payload.reason, started_at: new Date().toISOString(), finished_at: null, message: null, done: null };
  await save(payload.documentId, reading);
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const onCellProgress = (done: number, total: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS && done < total) return;
    lastWrite = now;
    reading = { ...reading, done, total };
    const snapshot = reading;
    writing = writing.then(() => save(payload.documentId, snapshot)).catch((error) => logger.warn("re-read progress not saved", { error }));
  };
  try {
    const outcome = await rereadPolicyDocument({ workspaceId: payload.workspaceId, documentId: payload.documentId, actor: SYSTEM_ACTOR, onCellProgress });
    await writing;
    await save(payload.documentId, {
      ...reading, status: "done", done: outcome.cells.asked ? outcome.cells.asked - outcome.cells_left : reading.done, total: outcome.cells.asked || reading.total,
      finished_at: new Date().toISOString(), message: outcomeMessage(outcome),
      changed: outcome.changed, added: outcome.added, drafts: outcome.drafts, unmatched: outcome.unmatched.length,
    });
    logger.info("policy document re-read", { documentId: payload.documentId, changed: outcome.changed, added: outcome.added, drafts: outcome.drafts });
    return "done";
  } catch (error) {
    await writing;
    // A document that cannot be read the same way every time is not retried: the document says why (a refusal in its
    // own words; a reading over a limit, like any other failure, as what failed).
    const refusal = error instanceof DomainError && !(error instanceof DocumentOverLimit);
    const message = refusal ? error.message : `the re-read failed: ${error instanceof Error ? error.message : String(error)}`;
    logger.error("policy document re-read failed", { documentId: payload.documentId, error });
    await save(payload.documentId, { ...reading, status: "failed", finished_at: new Date().toISOString(), message });
    return "failed";
  }
}
