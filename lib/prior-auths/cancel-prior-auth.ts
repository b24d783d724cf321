import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "./present-prior-auth";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { assertTransition } from "./states";
import { waitingClockData } from "./waiting-clock";

/**
 * Withdraws an open case, ready for review included, with an optional reason. A running job notices (it only writes
 * while the case is Processing and its lease holds).
 */
export async function cancelPriorAuth(opts: { workspaceId: string; priorAuthId: string; actor: Actor; reason?: string | null; bySubmitter?: boolean }) {
  // Inside a transaction only `tx` may be used: the embedded database serves one transaction at a time.
  return prisma.$transaction(async (tx) => {
    const current = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
    if (!current) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
    // The submitter's own cancellation (a PAS Claim Update) may also withdraw a decided case (states.ts).
    assertTransition(current.status, "Cancelled", undefined, { bySubmitter: opts.bySubmitter });
    const updated = await tx.priorAuth.updateMany({
      where: { id: current.id, status: current.status },
      data: { status: "Cancelled", intakeStatus: current.intakeStatus === "Processing" ? "Cancelled" : current.intakeStatus, leaseOwner: null, leaseUntil: null, statusReason: opts.reason ?? null, ...(await waitingClockData(tx, current, "Cancelled")) },
    });
    if (updated.count === 0) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: current.id, actor: opts.actor, action: "prior_auth.cancelled", details: { previous_status: current.status, reason: opts.reason ?? null, ...(opts.bySubmitter ? { by_submitter: true } : {}) } });
    const cancelled = presentPriorAuth(await tx.priorAuth.findUniqueOrThrow({ where: { id: current.id }, include: PRIOR_AUTH_INCLUDE }));
    await emitWebhookEvent(tx, { workspaceId: opts.workspaceId, type: "prior_auth.cancelled", data: { prior_auth: cancelled } });
    return cancelled;
  });
}
