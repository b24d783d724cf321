import { prisma } from "@/lib/db/prisma";
import { hashPassword, verifyPassword } from "./passwords";

// An unknown email is compared against this hash, so it costs the same bcrypt work as a known one: the answer's
// timing does not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;

/** Checks email and password; returns the user with the workspace of its oldest membership, or null. */
export async function authenticateUser(email: string, password: string) {
  const user = await prisma.user.findUnique({
    where: { email },
    // A deactivated membership does not sign in: the oldest active one decides the workspace.
    include: { memberships: { where: { deactivatedAt: null }, orderBy: { createdAt: "asc" }, take: 1 } },
  });
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password-for-timing");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const membership = user.memberships[0];
  if (!membership) return null;
  return { id: user.id, email: user.email, name: user.name ?? user.email, workspaceId: membership.workspaceId };
}
