import { prisma } from "@/lib/db/prisma";
import { findLiveAccountLink } from "./account-links";
import { countMembershipsElsewhere } from "./memberships-elsewhere";

export type AccountLinkView =
  | { state: "invalid" }
  /** The person may choose their password here (a new account's invitation, or a reset). */
  | { state: "set_password"; email: string; workspaceName: string; purpose: string }
  /** The account already has a password (an invitation to an existing account): sign in to accept. */
  | { state: "sign_in"; email: string; workspaceName: string }
  /** The account is also someone's sign-in elsewhere: this workspace's link cannot set its password. */
  | { state: "shared"; email: string; workspaceName: string };

/** What the link page shows, without spending the link. */
export async function readAccountLink(token: string): Promise<AccountLinkView> {
  return prisma.$transaction(async (tx) => {
    const link = await findLiveAccountLink(tx, token);
    if (!link) return { state: "invalid" };
    const membership = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: link.workspaceId, userId: link.userId } }, include: { workspace: true } });
    if (!membership) return { state: "invalid" };
    const base = { email: link.user.email, workspaceName: membership.workspace.name };
    if (link.purpose === "invitation" && link.user.passwordHash) return { state: "sign_in", ...base };
    if ((await countMembershipsElsewhere(tx, link)) > 0) return link.user.passwordHash ? { state: "sign_in", ...base } : { state: "shared", ...base };
    return { state: "set_password", purpose: link.purpose, ...base };
  });
}
