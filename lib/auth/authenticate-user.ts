import { prisma } from "@/lib/db/prisma";
import { verifyPassword } from "./passwords";

/** Checks email and password; returns the user with the workspace of its oldest membership, or null. */
export async function authenticateUser(email: string, password: string) {
  const user = await prisma.user.findUnique({
    where: { email },
    include: { memberships: { orderBy: { createdAt: "asc" }, take: 1 } },
  });
  if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
  const membership = user.memberships[0];
  if (!membership) return null;
  return { id: user.id, email: user.email, name: user.name ?? user.email, workspaceId: membership.workspaceId };
}
