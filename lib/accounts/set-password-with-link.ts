import { prisma } from "@/lib/db/prisma";
import { Conflict, InvalidInput } from "@/lib/errors/domain-errors";
import { hashPassword } from "@/lib/auth/passwords";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { findLiveAccountLink } from "./account-links";
import { countMembershipsElsewhere, SHARED_ACCOUNT_MESSAGE } from "./memberships-elsewhere";

const INVALID_LINK = "This link is not valid: it is unknown, has expired, was replaced by a newer one or was already used. Ask your workspace's admin for a new one.";

/**
 * The person behind a one-time link chooses their password. An invitation's link does this only for an account that
 * has no password yet; any link does it only while the account belongs to no workspace but the one that issued it
 * (checked now, not only when the link was issued). Using the link accepts that workspace's invitation and ends every
 * earlier session of the account. The link is spent.
 */
export async function setPasswordWithLink(opts: { token: string; password: string }) {
  const passwordHash = await hashPassword(opts.password);
  return prisma.$transaction(async (tx) => {
    const link = await findLiveAccountLink(tx, opts.token);
    if (!link) throw new InvalidInput(INVALID_LINK);
    const membership = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: link.workspaceId, userId: link.userId } } });
    if (!membership) throw new InvalidInput(INVALID_LINK);
    if (link.purpose === "invitation" && link.user.passwordHash) throw new Conflict("This account already has a password: sign in with it to accept the invitation.");
    if ((await countMembershipsElsewhere(tx, link)) > 0) throw new Conflict(SHARED_ACCOUNT_MESSAGE);
    // Spent first, conditionally: two concurrent uses of one link cannot both pass.
    const spent = await tx.accountToken.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count !== 1) throw new InvalidInput(INVALID_LINK);
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash, sessionEpoch: { increment: 1 } } });
    const accepted = membership.pendingSince !== null;
    if (accepted) await tx.membership.update({ where: { id: membership.id }, data: { pendingSince: null } });
    await recordAuditEvent(tx, {
      workspaceId: link.workspaceId,
      actor: { type: "user", id: link.userId, label: link.user.email, role: membership.role as "admin" | "reviewer" },
      action: accepted ? "member.activated" : "member.password_reset_by_link",
      details: { email: link.user.email },
    });
    return { email: link.user.email };
  });
}
