import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authenticateUser } from "./authenticate-user";

const ZCredentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1) });

export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const parsed = ZCredentials.safeParse(credentials);
        if (!parsed.success) return null;
        return authenticateUser(parsed.data.email, parsed.data.password);
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
