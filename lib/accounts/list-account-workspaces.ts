import { prisma } from "@/lib/db/prisma";

export interface AccountWorkspace {
  membershipId: string;
  workspaceId: string;
  workspaceName: string;
  role: string;
  /** "active": the person may work there; "invited": an invitation waiting for Accept or Decline. */
  status: "active" | "invited";
  since: string;
}

/** The workspaces a person may choose, and the invitations they may answer (deactivated memberships are left out). */
export async function listAccountWorkspaces(opts: { userId: string }): Promise<AccountWorkspace[]> {
  const memberships = await prisma.membership.findMany({
    where: { userId: opts.userId, deactivatedAt: null },
    include: { workspace: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }],
  });
  return memberships.map((m) => ({
    membershipId: m.id,
    workspaceId: m.workspaceId,
    workspaceName: m.workspace.name,
    role: m.role,
    status: m.pendingSince ? "invited" : "active",
    since: (m.pendingSince ?? m.createdAt).toISOString(),
  }));
}
