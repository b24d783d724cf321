import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/lib/auth/auth-options";
import { resolveAccount, resolveMembership, type PortalSession } from "@/lib/auth/portal-session";

/**
 * The signed-in person and their workspace role, for server components. A session not bound to a usable membership
 * (no workspace chosen yet, or this one ended: removed, deactivated) goes to the workspace chooser while the account's
 * session is valid, and to /login otherwise (signed out, or ended by a password change).
 */
export async function requireMember() {
  const session = (await getServerSession(authOptions)) as PortalSession | null;
  const membership = await resolveMembership(session);
  if (!membership) redirect((await resolveAccount(session)) ? `/choose-workspace${session?.membershipId ? "?ended=1" : ""}` : "/login");
  return {
    userId: membership.userId,
    email: membership.user.email,
    role: membership.role as "admin" | "reviewer",
    workspace: { id: membership.workspace.id, name: membership.workspace.name },
  };
}

/** The signed-in person (bound to a workspace or not), for the workspace chooser and the account pages; else /login. */
export async function requireAccount() {
  const session = (await getServerSession(authOptions)) as PortalSession | null;
  const account = await resolveAccount(session);
  if (!account || !session) redirect("/login");
  const membership = await resolveMembership(session);
  return { userId: account.id, email: account.email, name: account.name, currentWorkspaceId: membership?.workspaceId ?? null };
}
