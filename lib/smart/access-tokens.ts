// The bearer tokens of SMART backend clients: opaque random strings of which only the SHA-256 is stored (as API keys).
// Opaque rather than a server-signed JWT: a revoked client's tokens stop at once, and there is no signing key to
// provision, keep secret and rotate; checking one costs one indexed read, as an API key does.
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/prisma";

const PREFIX = "pat_";
/** How long a token lasts (SMART recommends at most five minutes for backend services). */
export const ACCESS_TOKEN_LIFETIME_S = 300;

export function generateAccessToken(): { token: string; hashedToken: string } {
  const token = PREFIX + randomBytes(32).toString("base64url");
  return { token, hashedToken: hashAccessToken(token) };
}

export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Not a token this service issues: answered without asking the database. */
export function accessTokenShapeProblem(value: string): string | null {
  if (value.length > 128 || !value.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(value.slice(PREFIX.length))) return "it is not an access token of this service";
  return null;
}

const WORKSPACE_SELECT = { id: true, name: true, requireClinicianForAdverse: true, slaHoursExpedited: true, slaHoursStandard: true } as const;

/** The client and workspace of a live token (not expired, its client not revoked), or null. */
export async function findLiveAccessToken(token: string, now: Date) {
  const record = await prisma.smartAccessToken.findUnique({
    where: { hashedToken: hashAccessToken(token) },
    include: { client: { select: { id: true, name: true, revokedAt: true, workspace: { select: WORKSPACE_SELECT } } } },
  });
  if (!record || record.expiresAt <= now || record.client.revokedAt) return null;
  return { client: { id: record.client.id, name: record.client.name }, workspace: record.client.workspace, scope: record.scope };
}
