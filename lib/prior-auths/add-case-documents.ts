import { prisma } from "@/lib/db/prisma";
import { Conflict, NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { TAddCaseDocumentsRequest } from "@/lib/schemas/case-documents";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "./present-prior-auth";
import { startProcessing } from "@/lib/case-pipeline/start-processing";
import { assertUploadedDocumentsExist, referencesOf } from "@/lib/documents/check-document-references";
import { assertTransition } from "./states";
import { waitingClockData } from "./waiting-clock";
import { READ_OPEN_STATUSES } from "./queue-views";


/**
 * Adds documents to an open case (the answer to a request for information): the case is read again with all its
 * documents (those already stored are reused), and when that finishes it is evaluated again and returns to review.
 */
export async function addCaseDocuments(opts: { workspaceId: string; priorAuthId: string; actor: Actor; input: TAddCaseDocumentsRequest }) {
  const { input } = opts;
  const updated = await prisma.$transaction(async (tx) => {
    const current = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
    if (!current) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
    await assertUploadedDocumentsExist(tx, opts.workspaceId, referencesOf("document_urls", input.document_urls));
    if (!READ_OPEN_STATUSES.includes(current.status)) {
      throw new Conflict(`A ${current.status} prior authorization takes no more documents${current.status === "Processing" ? " until its documents are read" : ""}.`);
    }
    assertTransition(current.status, "Processing");
    const added = input.document_urls.filter((url) => !current.documentUrls.includes(url));
    if (!added.length) throw new Conflict("These documents are already part of the case.");
    const moved = await tx.priorAuth.updateMany({
      where: { id: current.id, status: current.status },
      data: { status: "Processing", intakeStatus: "Processing", failureReason: null, documentUrls: [...current.documentUrls, ...added], processingAttempts: 0, ...(await waitingClockData(tx, current, "Processing")) },
    });
    if (moved.count === 0) throw new Conflict("The case changed meanwhile: read it again and retry.");
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: current.id, actor: opts.actor, action: "documents.added",
      details: { documents: added.length, previous_status: current.status, note: input.note ?? null },
    });
    return current;
  });
  await startProcessing({ priorAuthId: updated.id, workspaceId: opts.workspaceId, synchronous: Boolean(input.synchronous_request) });
  return presentPriorAuth(await prisma.priorAuth.findUniqueOrThrow({ where: { id: updated.id }, include: PRIOR_AUTH_INCLUDE }));
}
