import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { assertNotLastActiveAdmin } from "./last-admin";
import { memberView } from "./member-view";

/**
 * Takes a person out of the workspace: the membership goes, the account stays (it may belong to other workspaces,
 * and reviews keep the reviewer's name). Their open cases here lose the assignee so they return to the shared queue.
 */
export async function removeMember(opts: { workspaceId: string; memberId: string; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    if (membership.role === "admin" && !membership.deactivatedAt) await assertNotLastActiveAdmin(tx, { workspaceId: opts.workspaceId, membershipId: membership.id, action: "removed" });
    const unassigned = await tx.priorAuth.updateMany({ where: { workspaceId: opts.workspaceId, assigneeId: membership.userId }, data: { assigneeId: null } });
    await tx.membership.delete({ where: { id: membership.id } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "member.removed", details: { email: membership.user.email, role: membership.role, cases_unassigned: unassigned.count } });
    return memberView(membership);
  });
}
