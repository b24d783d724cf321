import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { assertNotLastActiveAdmin } from "./last-admin";
import { memberView } from "./member-view";

/**
 * Deactivates (active: false) or reactivates a member. A deactivated member cannot sign in here (lib/auth/authenticate-user.ts)
 * and their sessions in this workspace end at their next request: the membership's session epoch moves on
 * (lib/auth/portal-session.ts), so reactivating restores the sign-in, not the old sessions. Repeating is harmless.
 */
export async function setMemberActive(opts: { workspaceId: string; memberId: string; active: boolean; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    if ((membership.deactivatedAt === null) === opts.active) return memberView(membership);
    if (!opts.active && membership.role === "admin") await assertNotLastActiveAdmin(tx, { workspaceId: opts.workspaceId, membershipId: membership.id, action: "deactivated" });
    const updated = await tx.membership.update({ where: { id: membership.id }, data: opts.active ? { deactivatedAt: null } : { deactivatedAt: new Date(), sessionEpoch: { increment: 1 } }, include: { user: true } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: opts.active ? "member.reactivated" : "member.deactivated", details: { email: membership.user.email } });
    return memberView(updated);
  });
}
