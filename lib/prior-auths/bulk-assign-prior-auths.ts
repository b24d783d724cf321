import { prisma } from "@/lib/db/prisma";
import { InvalidInput, NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "./present-prior-auth";

/**
 * Gives several cases of the workspace one assignee (a member, the signed-in person, or nobody) in one transaction:
 * every case is assigned, or none is (an id of another workspace is NotFound, as if it did not exist). Each case's trail
 * records its own change. The answer keeps the order of the request.
 */
export async function bulkAssignPriorAuths(opts: { workspaceId: string; priorAuthIds: string[]; assigneeId: string | "me" | null; actor: Actor }) {
  if (opts.assigneeId === "me" && opts.actor.type !== "user") throw new InvalidInput('assignee_id "me" is for signed-in people; give a user id.');
  const userId = opts.assigneeId === "me" ? opts.actor.id : opts.assigneeId;
  return prisma.$transaction(async (tx) => {
    let email: string | null = null;
    if (userId) {
      const member = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: opts.workspaceId, userId } }, include: { user: { select: { email: true } } } });
      if (!member || member.deactivatedAt) throw new InvalidInput("assignee_id: not an active member of this workspace");
      email = member.user.email;
    }
    const found = await tx.priorAuth.findMany({ where: { id: { in: opts.priorAuthIds }, workspaceId: opts.workspaceId }, select: { id: true, assigneeId: true } });
    if (found.length !== opts.priorAuthIds.length) {
      const known = new Set(found.map((f) => f.id));
      throw new NotFound(`Prior authorization ${opts.priorAuthIds.find((id) => !known.has(id))}`);
    }
    await tx.priorAuth.updateMany({ where: { id: { in: opts.priorAuthIds }, workspaceId: opts.workspaceId }, data: { assigneeId: userId } });
    for (const pa of found) {
      if (pa.assigneeId === userId) continue;
      await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: pa.id, actor: opts.actor, action: "prior_auth.updated", details: { assignee: email, bulk: true } });
    }
    const updated = await tx.priorAuth.findMany({ where: { id: { in: opts.priorAuthIds } }, include: PRIOR_AUTH_INCLUDE });
    const byId = new Map(updated.map((u) => [u.id, u]));
    return opts.priorAuthIds.map((id) => presentPriorAuth(byId.get(id)!));
  });
}
