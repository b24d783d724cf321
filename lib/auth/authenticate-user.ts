import { prisma } from "@/lib/db/prisma";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionClaims } from "./portal-session";

// An unknown email (or an account not yet activated) is compared against this hash, so it costs the same bcrypt work
// as a known one: the answer's timing does not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;

async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  const ok = await verifyPassword(password, hash ?? (await dummyHash));
  return ok && hash !== null;
}

/**
 * Checks email and password. A person with exactly one active membership and no invitation waiting is bound to that
 * workspace at once; with several, or invitations to answer, the session starts unbound and the portal asks
 * (/choose-workspace): it never picks one silently. An account with neither active memberships nor invitations does
 * not sign in (a deactivated or removed member stays out).
 */
export async function authenticateUser(email: string, password: string) {
  const user = await prisma.user.findUnique({
    where: { email },
    include: { memberships: { where: { deactivatedAt: null }, select: { id: true, workspaceId: true, pendingSince: true, sessionEpoch: true } } },
  });
  if (!(await passwordMatches(password, user?.passwordHash ?? null)) || !user) return null;
  const active = user.memberships.filter((m) => !m.pendingSince);
  const invited = user.memberships.length - active.length;
  if (active.length === 0 && invited === 0) return null;
  const claims: SessionClaims = { userId: user.id, userEpoch: user.sessionEpoch };
  if (active.length === 1 && invited === 0) {
    Object.assign(claims, { workspaceId: active[0].workspaceId, membershipId: active[0].id, membershipEpoch: active[0].sessionEpoch });
  }
  return { id: user.id, email: user.email, name: user.name ?? user.email, claims };
}
