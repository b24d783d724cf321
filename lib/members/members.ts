import { prisma } from "@/lib/db/prisma";
import { hashPassword } from "@/lib/auth/passwords";
import { Conflict } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { issueAccountLink } from "@/lib/accounts/account-links";
import type { Actor, Role } from "@/lib/audit/actor";
import { memberView } from "./member-view";

export async function listMembers(opts: { workspaceId: string }) {
  const members = await prisma.membership.findMany({ where: { workspaceId: opts.workspaceId }, include: { user: true }, orderBy: { createdAt: "asc" } });
  return members.map(memberView);
}

/**
 * Invites a person to the workspace with a role. Admins never choose passwords: the answer carries a one-time link
 * (shown once) for the admin to pass on. For a new email the link lets the person set their own password, which
 * accepts the invitation; an existing account keeps its own credentials, and its owner accepts once, signed in. Both
 * answer alike, so the caller does not learn whether the account exists. An email already in this workspace is a Conflict.
 *
 * `operatorPassword` is for the operators' CLI only (scripts/pa.ts): it sets the first password of a NEW account,
 * which then joins at once; an existing account is invited like any other and keeps its password.
 */
export async function addMember(opts: { workspaceId: string; email: string; name?: string; role: Role; actor?: Actor; operatorPassword?: string }) {
  const email = opts.email.trim().toLowerCase();
  const name = opts.name?.trim() || null;
  const passwordHash = opts.operatorPassword ? await hashPassword(opts.operatorPassword) : null;
  return prisma.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, include: { memberships: { where: { workspaceId: opts.workspaceId } } } });
    if (existing?.memberships.length) throw new Conflict(`${email} is already a member of this workspace (or invited to it).`);
    const joinsAtOnce = !existing && passwordHash !== null;
    const user = existing ?? (await tx.user.create({ data: { email, name, passwordHash } }));
    const membership = await tx.membership.create({ data: { workspaceId: opts.workspaceId, userId: user.id, role: opts.role, pendingSince: joinsAtOnce ? null : new Date() } });
    const link = joinsAtOnce ? null : await issueAccountLink(tx, { userId: user.id, workspaceId: opts.workspaceId, purpose: "invitation" });
    if (opts.actor) await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: joinsAtOnce ? "member.added" : "member.invited", details: { email, role: opts.role } });
    // An account of another workspace answers exactly as a new person would: nothing of it is revealed.
    return { member: memberView({ ...membership, user: { email, name } }), link };
  });
}
