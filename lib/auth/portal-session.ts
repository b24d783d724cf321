// What a portal session carries and how each request re-checks it against the database. A session is bound to one
// person (userId + the account's session epoch) and, once chosen, to one membership (id + that membership's epoch):
// a password change or reset raises the account's epoch and ends every older session; deactivating a member raises
// the membership's epoch, and removing deletes it, which ends the sessions in that workspace only.
import { prisma } from "@/lib/db/prisma";

/** The claims of the JWT (set in lib/auth/auth-options.ts), as getServerSession returns them. */
export interface SessionClaims {
  userId: string;
  userEpoch: number;
  /** Unset until the person picks a workspace (several memberships, or invitations waiting). */
  workspaceId?: string;
  membershipId?: string;
  membershipEpoch?: number;
}

export interface PortalSession extends Partial<SessionClaims> {
  user?: { email?: string | null; name?: string | null };
}

/** The signed-in account, or null when the session is missing or was ended by a password change. */
export async function resolveAccount(session: PortalSession | null) {
  if (!session?.userId || typeof session.userEpoch !== "number") return null;
  const user = await prisma.user.findUnique({ where: { id: session.userId }, select: { id: true, email: true, name: true, sessionEpoch: true } });
  if (!user || user.sessionEpoch !== session.userEpoch) return null;
  return user;
}

/**
 * The membership the session acts in, or null: none chosen yet, the account's sessions ended, or the membership was
 * removed, deactivated (its epoch moved on), or is still an invitation.
 */
export async function resolveMembership(session: PortalSession | null) {
  if (!session?.membershipId || !session.workspaceId || typeof session.membershipEpoch !== "number") return null;
  const membership = await prisma.membership.findUnique({
    where: { id: session.membershipId },
    include: {
      user: { select: { id: true, email: true, name: true, sessionEpoch: true } },
      workspace: { select: { id: true, name: true, requireClinicianForAdverse: true, slaHoursExpedited: true, slaHoursStandard: true } },
    },
  });
  if (!membership || membership.userId !== session.userId || membership.workspaceId !== session.workspaceId) return null;
  if (membership.user.sessionEpoch !== session.userEpoch || membership.sessionEpoch !== session.membershipEpoch) return null;
  if (membership.deactivatedAt || membership.pendingSince) return null;
  return membership;
}

/** The claims that bind a session to a membership the person may act in (active and accepted), or null. */
export async function membershipClaims(opts: { userId: string; workspaceId: string }): Promise<Pick<SessionClaims, "workspaceId" | "membershipId" | "membershipEpoch"> | null> {
  const membership = await prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId: opts.workspaceId, userId: opts.userId } } });
  if (!membership || membership.deactivatedAt || membership.pendingSince) return null;
  return { workspaceId: membership.workspaceId, membershipId: membership.id, membershipEpoch: membership.sessionEpoch };
}
