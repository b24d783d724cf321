import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { TCreatePriorAuthRequest } from "@/lib/schemas/prior-auth";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth, slaDueAt, type SlaHours } from "./present-prior-auth";
import { startProcessing } from "@/lib/case-pipeline/start-processing";
import { epaRequestDate, requestDateColumn } from "@/lib/request-date";
import { assertUploadedDocumentsExist, referencesOf } from "@/lib/documents/check-document-references";

/**
 * Stores the case in Processing and queues its processing. With `synchronous_request`, processes it now and answers
 * with the final state, or with Processing when that takes longer than PA_SYNC_TIMEOUT_MS (the work goes on).
 */
export async function createPriorAuth(opts: { workspaceId: string; sla: SlaHours; actor: Actor; input: TCreatePriorAuthRequest }) {
  const { input, workspaceId, actor } = opts;
  const expedited = input.expedited ?? false;
  const receivedAt = input.received_at ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(input.received_at) ? input.received_at : `${input.received_at}Z`) : new Date();
  const documentUrls = input.document_url ? [input.document_url] : (input.ePA?.document_urls ?? []);
  // The day the request was made: the field, else the ePA payload's (both validated by the schema), else the day received.
  const statedDate = input.request_date ?? epaRequestDate(input.ePA?.epa_payload)?.value;
  const requestDate = requestDateColumn(typeof statedDate === "string" ? statedDate : receivedAt.toISOString().slice(0, 10));
  const created = await prisma.$transaction(async (tx) => {
    // An upload of another workspace, or none, is refused now (404), not found missing when the case is read.
    await assertUploadedDocumentsExist(tx, workspaceId, input.document_url ? [{ field: "document_url", url: input.document_url }] : referencesOf("ePA.document_urls", documentUrls));
    const row = await tx.priorAuth.create({
      data: {
        workspaceId,
        caseId: input.case_id,
        status: "Processing",
        intakeStatus: "Processing",
        documentUrl: input.document_url ?? null,
        documentUrls,
        epaPayload: (input.ePA?.epa_payload ?? undefined) as Prisma.InputJsonValue | undefined,
        expedited,
        receivedAt,
        requestDate,
        dueAt: slaDueAt({ receivedAt, expedited }, opts.sla),
        createdBy: actor.label,
      },
    });
    await recordAuditEvent(tx, {
      workspaceId, priorAuthId: row.id, actor, action: "prior_auth.created",
      details: { case_id: row.caseId, documents: documentUrls.length, epa_payload: Boolean(input.ePA?.epa_payload), synchronous: Boolean(input.synchronous_request) },
    });
    return row;
  });

  const started = await startProcessing({ priorAuthId: created.id, workspaceId, synchronous: Boolean(input.synchronous_request) });
  if (!started) return presentPriorAuth(created);
  return presentPriorAuth(await prisma.priorAuth.findUniqueOrThrow({ where: { id: created.id }, include: PRIOR_AUTH_INCLUDE }));
}
