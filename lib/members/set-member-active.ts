import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { assertNotLastActiveAdmin } from "./last-admin";
import { memberView } from "./member-view";

/**
 * Deactivates (active: false) or reactivates a member. A deactivated member cannot sign in (lib/auth/authenticate-user.ts)
 * and a session already open stops acting at its next request (lib/api/with-workspace.ts). Repeating is harmless.
 */
export async function setMemberActive(opts: { workspaceId: string; memberId: string; active: boolean; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    if ((membership.deactivatedAt === null) === opts.active) return memberView(membership);
    if (!opts.active && membership.role === "admin") await assertNotLastActiveAdmin(tx, { workspaceId: opts.workspaceId, membershipId: membership.id, action: "deactivated" });
    const updated = await tx.membership.update({ where: { id: membership.id }, data: { deactivatedAt: opts.active ? null : new Date() }, include: { user: true } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: opts.active ? "member.reactivated" : "member.deactivated", details: { email: membership.user.email } });
    return memberView(updated);
  });
}
