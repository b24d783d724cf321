// One-time links for an account: an invitation (whose link sets the first password of an account that has none) and
// a password reset. The admin who issues one sees it once; only its SHA-256 is stored; it expires and is used once.
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AccountLinkPurpose = "invitation" | "password_reset";

/** How long a link stays valid: long enough to reach the person, short enough that a leaked link goes stale. */
export const ACCOUNT_LINK_TTL_HOURS: Record<AccountLinkPurpose, number> = { invitation: 72, password_reset: 24 };

export const hashAccountLinkToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The portal page that opens a link (app/activate/[token]). */
export const accountLinkPath = (token: string) => `/activate/${token}`;

/**
 * Issues a link for the account on behalf of a workspace. An earlier unused link of the same account and workspace is
 * spent at once: only the newest one works.
 */
export async function issueAccountLink(tx: Prisma.TransactionClient, opts: { userId: string; workspaceId: string; purpose: AccountLinkPurpose }) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_TTL_HOURS[opts.purpose] * 3600_000);
  await tx.accountToken.updateMany({ where: { userId: opts.userId, workspaceId: opts.workspaceId, usedAt: null }, data: { usedAt: now } });
  await tx.accountToken.create({ data: { userId: opts.userId, workspaceId: opts.workspaceId, purpose: opts.purpose, hashedToken: hashAccountLinkToken(token), expiresAt } });
  return { path: accountLinkPath(token), expiresAt };
}

/** The link, when it is known, unused and unexpired; else null (one answer for all three). */
export async function findLiveAccountLink(tx: Prisma.TransactionClient, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const link = await tx.accountToken.findUnique({ where: { hashedToken: hashAccountLinkToken(token) }, include: { user: true } });
  if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) return null;
  return link;
}
