import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";

/**
 * The invited person, signed in as themselves, accepts (becomes a member) or declines (the invitation goes). Only
 * their own pending invitation: anything else is NotFound. Audited in the inviting workspace.
 */
export async function respondToInvitation(opts: { userId: string; membershipId: string; accept: boolean }) {
  return prisma.$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({
      where: { id: opts.membershipId, userId: opts.userId, pendingSince: { not: null }, deactivatedAt: null },
      include: { user: { select: { email: true } }, workspace: { select: { name: true } } },
    });
    if (!membership) throw new NotFound("Invitation");
    if (opts.accept) await tx.membership.update({ where: { id: membership.id }, data: { pendingSince: null } });
    else await tx.membership.delete({ where: { id: membership.id } });
    await recordAuditEvent(tx, {
      workspaceId: membership.workspaceId,
      actor: { type: "user", id: opts.userId, label: membership.user.email, role: membership.role as "admin" | "reviewer" },
      action: opts.accept ? "member.invitation_accepted" : "member.invitation_declined",
      details: { email: membership.user.email, role: membership.role },
    });
    return { membership_id: membership.id, workspace_id: membership.workspaceId, workspace_name: membership.workspace.name, status: opts.accept ? "active" : "declined" } as const;
  });
}
