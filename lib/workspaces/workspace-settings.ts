import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_APPEAL_INSTRUCTIONS, denialReasonCodesOf, ZDenialReasonCodes } from "@/lib/notices/denial-reason-codes";

export const ZWorkspaceSettings = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  sla_hours_expedited: z.number().int().min(1).max(24 * 30).optional(),
  sla_hours_standard: z.number().int().min(1).max(24 * 60).optional(),
  /** When true (the default) an adverse outcome is only recommended and pended for a clinician. */
  require_clinician_for_adverse: z.boolean().optional(),
  /** When true (the default) the policy check and the determination run in the background once intake finishes. */
  auto_evaluate: z.boolean().optional(),
  /** When true (the default) an engine approval that meets every safety invariant is final; false: every outcome waits for a reviewer. */
  engine_approvals_final: z.boolean().optional(),
  /** When true the decision clock stops while a case waits for requested information (default false: it runs). */
  pause_clock_while_waiting: z.boolean().optional(),
  /** The denial reasons reviewers pick from, [{ code, text }]; null restores the built-in list. */
  denial_reason_codes: ZDenialReasonCodes.nullable().optional(),
  /** How to appeal, printed on denial notices; null restores the built-in wording. */
  appeal_instructions: z.string().trim().min(20).max(4000).nullable().optional(),
});

type WorkspaceRow = { id: string; name: string; slaHoursExpedited: number; slaHoursStandard: number; requireClinicianForAdverse: boolean; autoEvaluate: boolean; engineApprovalsFinal: boolean; pauseClockWhileWaiting?: boolean; denialReasonCodes?: unknown; appealInstructions?: string | null };

export const presentWorkspace = (w: WorkspaceRow) => ({
  id: w.id,
  name: w.name,
  sla_hours_expedited: w.slaHoursExpedited,
  sla_hours_standard: w.slaHoursStandard,
  require_clinician_for_adverse: w.requireClinicianForAdverse,
  auto_evaluate: w.autoEvaluate,
  engine_approvals_final: w.engineApprovalsFinal,
  pause_clock_while_waiting: w.pauseClockWhileWaiting ?? false,
  denial_reason_codes: [...denialReasonCodesOf(w.denialReasonCodes)],
  appeal_instructions: w.appealInstructions ?? DEFAULT_APPEAL_INSTRUCTIONS,
});

/** The workspace with every setting (the request wrapper carries only what each request needs). */
export async function getWorkspaceSettings(workspaceId: string) {
  return presentWorkspace(await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } }));
}

/**
 * Changes the workspace's settings. New SLA hours apply to open cases too: their due times are recomputed, so the
 * queue's clocks always follow the current rule.
 */
export async function updateWorkspaceSettings(opts: { workspaceId: string; actor: Actor; input: z.infer<typeof ZWorkspaceSettings> }) {
  const { input } = opts;
  return prisma.$transaction(async (tx) => {
    const updated = await tx.workspace.update({
      where: { id: opts.workspaceId },
      data: {
        name: input.name,
        slaHoursExpedited: input.sla_hours_expedited,
        slaHoursStandard: input.sla_hours_standard,
        requireClinicianForAdverse: input.require_clinician_for_adverse,
        autoEvaluate: input.auto_evaluate,
        engineApprovalsFinal: input.engine_approvals_final,
        pauseClockWhileWaiting: input.pause_clock_while_waiting,
        denialReasonCodes: input.denial_reason_codes === undefined ? undefined : input.denial_reason_codes === null ? Prisma.DbNull : input.denial_reason_codes,
        appealInstructions: input.appeal_instructions,
      },
    });
    if (input.sla_hours_expedited !== undefined || input.sla_hours_standard !== undefined) {
      await tx.$executeRaw`
        UPDATE "PriorAuth" SET "dueAt" = "receivedAt" + make_interval(hours => CASE WHEN expedited THEN ${updated.slaHoursExpedited}::int ELSE ${updated.slaHoursStandard}::int END)
        WHERE "workspaceId" = ${opts.workspaceId}::uuid AND "decidedAt" IS NULL`;
    }
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "workspace.updated", details: input });
    return presentWorkspace(updated);
  });
}
