import { prisma } from "@/lib/db/prisma";
import { InvalidInput, NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { z } from "zod";
import type { ZUpdatePriorAuthRequest } from "@/lib/schemas/prior-auth";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth, slaDueAt, type SlaHours } from "./present-prior-auth";

/** Assignment and the expedited flag (which moves the SLA due time). */
export async function updatePriorAuth(opts: { workspaceId: string; sla: SlaHours; priorAuthId: string; actor: Actor; input: z.infer<typeof ZUpdatePriorAuthRequest> }) {
  const { input } = opts;
  return prisma.$transaction(async (tx) => {
    const current = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
    if (!current) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
    const data: { assigneeId?: string | null; expedited?: boolean; dueAt?: Date } = {};
    if (input.assignee_id !== undefined) {
      if (input.assignee_id === "me" && opts.actor.type !== "user") throw new InvalidInput("assignee_id \"me\" is for signed-in people; give a user id.");
      const userId = input.assignee_id === "me" ? opts.actor.id : input.assignee_id;
      if (userId) {
        const member = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: opts.workspaceId, userId } } });
        if (!member) throw new InvalidInput("assignee_id: not a member of this workspace");
      }
      data.assigneeId = userId;
    }
    if (input.expedited !== undefined && input.expedited !== current.expedited) {
      data.expedited = input.expedited;
      data.dueAt = slaDueAt({ receivedAt: current.receivedAt, expedited: input.expedited }, opts.sla);
    }
    const updated = await tx.priorAuth.update({ where: { id: current.id }, data, include: PRIOR_AUTH_INCLUDE });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: current.id, actor: opts.actor, action: "prior_auth.updated",
      details: { ...(data.assigneeId !== undefined ? { assignee: updated.assignee?.email ?? null } : {}), ...(data.expedited !== undefined ? { expedited: data.expedited } : {}) },
    });
    return presentPriorAuth(updated);
  });
}
