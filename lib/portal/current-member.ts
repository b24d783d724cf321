import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions, type PortalSession } from "@/lib/auth/auth-options";
import { prisma } from "@/lib/db/prisma";

/** The signed-in person and their workspace role, for server components; redirects to /login otherwise. */
export async function requireMember() {
  const session = (await getServerSession(authOptions)) as PortalSession | null;
  if (!session?.userId) redirect("/login");
  const membership = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: session.workspaceId, userId: session.userId } },
    include: { user: { select: { email: true, name: true } }, workspace: { select: { id: true, name: true } } },
  });
  if (!membership || membership.deactivatedAt) redirect("/login"); // deactivated by an admin: the portal closes too
  return { userId: session.userId, email: membership.user.email, role: membership.role as "admin" | "reviewer", workspace: membership.workspace };
}
