import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authenticateUser } from "./authenticate-user";
import { membershipClaims, resolveAccount, type PortalSession, type SessionClaims } from "./portal-session";
import { checkLoginThrottle, clearLoginFailures, clientAddress, recordLoginFailure } from "./login-throttle";

const ZCredentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1) });

export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const parsed = ZCredentials.safeParse(credentials);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        const headers = new Headers(Object.entries(req?.headers ?? {}).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));
        const address = clientAddress(headers);
        // The route (app/api/auth/[...nextauth]) answers 429 first; this is the same rule for any other way in.
        if (!(await checkLoginThrottle({ email, address })).allowed) return null;
        const user = await authenticateUser(email, password);
        if (user) await clearLoginFailures({ email });
        else await recordLoginFailure({ email, address });
        return user;
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        // A new sign-in: the claims decided by authenticateUser (bound to one workspace, or not yet).
        const claims = (user as { claims?: SessionClaims }).claims;
        for (const key of CLAIM_KEYS) delete token[key];
        Object.assign(token, claims);
      } else if (trigger === "update") {
        // The portal's explicit workspace switch (/choose-workspace): only into an active membership of this account,
        // and only from a session that is still valid. Anything else leaves the token as it was.
        const wanted = ZWorkspaceChoice.safeParse(session);
        const claims = token as unknown as Partial<SessionClaims>;
        if (wanted.success && claims.userId && (await resolveAccount(claims as PortalSession))) {
          const bound = await membershipClaims({ userId: claims.userId, workspaceId: wanted.data.workspaceId });
          if (bound) Object.assign(token, bound);
        }
      }
      return token;
    },
    async session({ session, token }) {
      const claims = Object.fromEntries(CLAIM_KEYS.filter((key) => token[key] !== undefined).map((key) => [key, token[key]]));
      return { ...session, ...claims };
    },
  },
};

const CLAIM_KEYS = ["userId", "userEpoch", "workspaceId", "membershipId", "membershipEpoch"] as const;
const ZWorkspaceChoice = z.object({ workspaceId: z.uuid() });

export type { PortalSession };
