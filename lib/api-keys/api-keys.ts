import { prisma } from "@/lib/db/prisma";
import { generateApiKey } from "@/lib/auth/api-keys";
import { expiryOf, isKeyExpired } from "./key-expiry";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";

/**
 * Creates a key and returns it in full this once; only its hash is kept. `expiry` (expires_at or expires_in_days) is
 * checked against now: in the future, at most API_KEY_MAX_DAYS away; without it the key lasts until revoked.
 */
export async function createApiKey(opts: { workspaceId: string; name: string; createdBy: string; actor?: Actor; expiry?: { expires_at?: string; expires_in_days?: number } }) {
  const now = new Date();
  const expiresAt = expiryOf(opts.expiry ?? {}, now);
  const generated = generateApiKey();
  const record = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      // Created at the instant its expiry was counted from: "30 days" is exactly that long.
      data: { workspaceId: opts.workspaceId, name: opts.name.trim(), hashedKey: generated.hashedKey, start: generated.start, createdBy: opts.createdBy, createdAt: now, expiresAt },
    });
    if (opts.actor) {
      await recordAuditEvent(tx, {
        workspaceId: opts.workspaceId, actor: opts.actor, action: "api_key.created",
        details: { name: created.name, start: created.start, expires_at: created.expiresAt?.toISOString() ?? null },
      });
    }
    return created;
  });
  return { ...presentApiKey(record), api_key: generated.key };
}

export async function listApiKeys(opts: { workspaceId: string }) {
  const keys = await prisma.apiKey.findMany({ where: { workspaceId: opts.workspaceId }, orderBy: { createdAt: "desc" } });
  const now = new Date();
  return keys.map((key) => presentApiKey(key, now));
}

export async function revokeApiKey(opts: { workspaceId: string; id: string; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id: opts.id, workspaceId: opts.workspaceId } });
    if (!key) throw new NotFound("API key");
    // Revoking twice is the same as once: the first revocation time stays and the trail has one event.
    if (key.revokedAt) return presentApiKey(key);
    const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "api_key.revoked", details: { name: key.name, start: key.start } });
    return presentApiKey(revoked);
  });
}

type ApiKeyRecord = { id: string; name: string; start: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; expiresAt: Date | null; createdBy: string | null };

function presentApiKey(k: ApiKeyRecord, now = new Date()) {
  return {
    id: k.id,
    name: k.name,
    start: k.start,
    created_by: k.createdBy,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    expires_at: k.expiresAt?.toISOString() ?? null,
    status: k.revokedAt ? ("revoked" as const) : isKeyExpired(k.expiresAt, now) ? ("expired" as const) : ("active" as const),
  };
}
