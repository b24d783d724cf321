import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { enqueueJob } from "@/lib/jobs/definitions";
import { logger } from "@/lib/log";
import type { Actor } from "@/lib/api/with-workspace";
import type { TCreatePriorAuthRequest } from "@/lib/schemas/prior-auth";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth, slaDueAt, type SlaHours } from "./present-prior-auth";
import { processPriorAuth } from "./process-prior-auth";

const SYNC_TIMEOUT_MS = Number(process.env.PA_SYNC_TIMEOUT_MS ?? 30_000);

/**
 * Stores the case in Processing and queues its processing. With `synchronous_request`, processes it now and answers
 * with the final state, or with Processing when that takes longer than PA_SYNC_TIMEOUT_MS (the work goes on).
 */
export async function createPriorAuth(opts: { workspaceId: string; sla: SlaHours; actor: Actor; input: TCreatePriorAuthRequest }) {
  const { input, workspaceId, actor } = opts;
  const expedited = input.expedited ?? false;
  const receivedAt = input.received_at ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(input.received_at) ? input.received_at : `${input.received_at}Z`) : new Date();
  const documentUrls = input.document_url ? [input.document_url] : (input.ePA?.document_urls ?? []);
  const created = await prisma.$transaction(async (tx) => {
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

  const job = { priorAuthId: created.id, workspaceId };
  // The case is committed: a failed enqueue (the database restarting) must not turn into an error the client retries
  // into a duplicate. The workers' sweep queues cases left in Processing without a job.
  const enqueue = (options: { singletonKey: string; startAfterSeconds?: number }) =>
    enqueueJob("processPriorAuth", job, options).catch((error) => logger.warn("job not queued; the sweep will pick the case up", { priorAuthId: created.id, error }));
  if (!input.synchronous_request) {
    await enqueue({ singletonKey: created.id });
    return presentPriorAuth(created);
  }
  // The queued job is the safety net: it runs after the synchronous attempt's window and finds the case finished.
  await enqueue({ singletonKey: created.id, startAfterSeconds: Math.ceil(SYNC_TIMEOUT_MS / 1000) + 5 });
  const work = processPriorAuth(created.id).catch(() => "retry-later" as const);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, SYNC_TIMEOUT_MS).unref())]);
  return presentPriorAuth(await prisma.priorAuth.findUniqueOrThrow({ where: { id: created.id }, include: PRIOR_AUTH_INCLUDE }));
}
