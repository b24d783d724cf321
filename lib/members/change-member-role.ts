import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor, Role } from "@/lib/audit/actor";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { assertNotLastActiveAdmin } from "./last-admin";
import { memberView } from "./member-view";

/** Gives a member another role; the last active admin cannot be demoted. The same role again changes nothing. */
export async function changeMemberRole(opts: { workspaceId: string; memberId: string; role: Role; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    if (membership.role === opts.role) return memberView(membership);
    if (membership.role === "admin" && !membership.deactivatedAt) await assertNotLastActiveAdmin(tx, { workspaceId: opts.workspaceId, membershipId: membership.id, action: "demoted" });
    const updated = await tx.membership.update({ where: { id: membership.id }, data: { role: opts.role }, include: { user: true } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "member.role_changed", details: { email: membership.user.email, from: membership.role, to: opts.role } });
    return memberView(updated);
  });
}
