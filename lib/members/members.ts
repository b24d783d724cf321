import { prisma } from "@/lib/db/prisma";
import { hashPassword } from "@/lib/auth/passwords";
import { conflict } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor, Role } from "@/lib/api/with-workspace";
import { memberView } from "./member-view";

export async function listMembers(opts: { workspaceId: string }) {
  const members = await prisma.membership.findMany({ where: { workspaceId: opts.workspaceId }, include: { user: true }, orderBy: { createdAt: "asc" } });
  return members.map(memberView);
}

/**
 * Adds a person to the workspace with a role and an initial password. An email already in this workspace is 409; an
 * email whose account belongs to another workspace gets a membership here with the same answer a new person gets (it
 * never tells the caller that the account exists elsewhere); that account keeps its own password.
 */
export async function addMember(opts: { workspaceId: string; email: string; name?: string; role: Role; password: string; actor?: Actor }) {
  const email = opts.email.trim().toLowerCase();
  const name = opts.name?.trim() || null;
  // Hashed in every case, so an existing account answers in the same time as a new one.
  const passwordHash = await hashPassword(opts.password);
  return prisma.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, include: { memberships: { where: { workspaceId: opts.workspaceId } } } });
    if (existing?.memberships.length) throw conflict(`${email} is already a member of this workspace.`);
    const user = existing ?? (await tx.user.create({ data: { email, name, passwordHash } }));
    const membership = await tx.membership.create({ data: { workspaceId: opts.workspaceId, userId: user.id, role: opts.role } });
    if (opts.actor) await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "member.added", details: { email, role: opts.role } });
    // An account of another workspace answers exactly as a new person would: nothing of it is revealed.
    return memberView({ ...membership, user: { email, name } });
  });
}
