import { prisma } from "@/lib/db/prisma";
import { hashPassword } from "@/lib/auth/passwords";
import { conflict } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { memberView } from "./member-view";

/**
 * Sets a new password for a member's account (the admin shares it privately). An account that also belongs to another
 * workspace is refused: one workspace's admin must never take over a sign-in that another workspace relies on.
 */
export async function resetMemberPassword(opts: { workspaceId: string; memberId: string; password: string; actor: Actor }) {
  const passwordHash = await hashPassword(opts.password);
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    const elsewhere = await tx.membership.count({ where: { userId: membership.userId, workspaceId: { not: opts.workspaceId } } });
    if (elsewhere > 0) throw conflict("This account also belongs to another workspace; its owner resets the password there.");
    await tx.user.update({ where: { id: membership.userId }, data: { passwordHash } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "member.password_reset", details: { email: membership.user.email } });
    return memberView(membership);
  });
}
