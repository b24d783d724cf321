import { prisma } from "@/lib/db/prisma";
import { Conflict } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { issueAccountLink } from "@/lib/accounts/account-links";
import { countMembershipsElsewhere, SHARED_ACCOUNT_MESSAGE } from "@/lib/accounts/memberships-elsewhere";
import type { Actor } from "@/lib/audit/actor";
import { getMembershipOrThrow } from "./get-membership-or-throw";
import { memberView } from "./member-view";

/**
 * Issues a new one-time link with which the member sets their own password (the admin passes it on and never knows
 * the password): a reset for an account that has a password, a fresh invitation link for one that was never
 * activated. Refused (Conflict) for an account with any membership in another workspace, active or not, accepted or not:
 * one workspace's admin must never take over a sign-in that another workspace relies on.
 */
export async function issueMemberPasswordLink(opts: { workspaceId: string; memberId: string; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const membership = await getMembershipOrThrow(tx, opts);
    if ((await countMembershipsElsewhere(tx, { userId: membership.userId, workspaceId: opts.workspaceId })) > 0) throw new Conflict(`${SHARED_ACCOUNT_MESSAGE} No link was issued.`);
    const purpose = membership.user.passwordHash ? "password_reset" : "invitation";
    const link = await issueAccountLink(tx, { userId: membership.userId, workspaceId: opts.workspaceId, purpose });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "member.password_link_issued", details: { email: membership.user.email, purpose } });
    return { member: memberView(membership), link, purpose };
  });
}
