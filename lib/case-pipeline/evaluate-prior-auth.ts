// Ready cases: when a case's material changes (intake finished, documents added, supporting information), the
// workspace's policy is selected and the policy check and determination run in the background, so a reviewer opens
// the case with its steps and recommendation there. A case no policy applies to stays ready for review, and the
// timeline says why.
import { prisma } from "@/lib/db/prisma";
import { isCaseNoLongerOpen, NoApplicablePolicy } from "@/lib/errors/domain-errors";
import type { Actor } from "@/lib/audit/actor";
import { READ_OPEN_STATUSES } from "@/lib/prior-auths/queue-views";
import { recordEvaluationSkipped } from "./record-outcome";
import { runDetermination } from "./run-determination";

/** The engine acting on its own: shown as such in the audit trail. */
export const ENGINE_ACTOR: Actor = { type: "user", id: "engine", label: "engine", role: "system" };

export type EvaluationOutcome = "evaluated" | "disabled" | "not_open" | "no_policy";

export async function evaluatePriorAuth(opts: { priorAuthId: string; workspaceId: string; trigger: "intake" | "documents" | "supporting_information" }): Promise<EvaluationOutcome> {
  const workspace = await prisma.workspace.findUnique({ where: { id: opts.workspaceId }, select: { autoEvaluate: true, requireClinicianForAdverse: true } });
  if (!workspace?.autoEvaluate) return "disabled";
  const priorAuth = await prisma.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId }, select: { status: true } });
  if (!priorAuth || !READ_OPEN_STATUSES.includes(priorAuth.status)) return "not_open";
  try {
    await runDetermination({ workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, actor: ENGINE_ACTOR, requireClinicianForAdverse: workspace.requireClinicianForAdverse });
    return "evaluated";
  } catch (error) {
    // No applicable policy, or a case that changed meanwhile (closed, its intake not ready, or moved on): nothing
    // to decide now; say so once.
    if (error instanceof NoApplicablePolicy) {
      await prisma.$transaction((tx) => recordEvaluationSkipped(tx, { ...opts, actor: ENGINE_ACTOR, reason: error.message }));
      return "no_policy";
    }
    if (isCaseNoLongerOpen(error)) return "not_open";
    throw error;
  }
}
