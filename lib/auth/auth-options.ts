import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authenticateUser } from "./authenticate-user";
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
    async jwt({ token, user }) {
      if (user) {
        token.userId = user.id;
        token.workspaceId = (user as { workspaceId?: string }).workspaceId;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, userId: token.userId as string, workspaceId: token.workspaceId as string };
    },
  },
};

export interface PortalSession {
  userId: string;
  workspaceId: string;
  user?: { email?: string | null; name?: string | null };
}
