// After a password change the account's session epoch moves on, which ends every session, the caller's too. The
// caller keeps working: its own session cookie is issued again, with the same claims and the new epoch.
import { encode } from "next-auth/jwt";
import { authOptions } from "./auth-options";
import type { PortalSession } from "./portal-session";

const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function sessionCookieName(req: Request): string | null {
  const names = (req.headers.get("cookie") ?? "").split(";").map((part) => part.split("=")[0].trim());
  return COOKIE_NAMES.find((name) => names.includes(name)) ?? null;
}

/** The Set-Cookie header for the caller's session with a new account epoch, or null when the cookie is not found. */
export async function reissuedSessionCookie(req: Request, session: PortalSession, userEpoch: number): Promise<string | null> {
  const name = sessionCookieName(req);
  const secret = authOptions.secret;
  if (!name || !secret || !session.userId) return null;
  const maxAge = authOptions.session?.maxAge ?? 12 * 60 * 60;
  const token = {
    name: session.user?.name ?? null,
    email: session.user?.email ?? null,
    sub: session.userId,
    userId: session.userId,
    userEpoch,
    ...(session.membershipId ? { workspaceId: session.workspaceId, membershipId: session.membershipId, membershipEpoch: session.membershipEpoch } : {}),
  };
  const value = await encode({ token, secret, maxAge });
  const secure = name.startsWith("__Secure-") ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}
