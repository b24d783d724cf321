import { prisma } from "@/lib/db/prisma";
import { generateApiKey } from "@/lib/auth/api-keys";
import { notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";

/** Creates a key and returns it in full this once; only its hash is kept. */
export async function createApiKey(opts: { workspaceId: string; name: string; createdBy: string; actor?: Actor }) {
  const generated = generateApiKey();
  const record = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: { workspaceId: opts.workspaceId, name: opts.name.trim(), hashedKey: generated.hashedKey, start: generated.start, createdBy: opts.createdBy },
    });
    if (opts.actor) await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "api_key.created", details: { name: created.name, start: created.start } });
    return created;
  });
  return { ...presentApiKey(record), api_key: generated.key };
}

export async function listApiKeys(opts: { workspaceId: string }) {
  const keys = await prisma.apiKey.findMany({ where: { workspaceId: opts.workspaceId }, orderBy: { createdAt: "desc" } });
  return keys.map(presentApiKey);
}

export async function revokeApiKey(opts: { workspaceId: string; id: string; actor: Actor }) {
  return prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id: opts.id, workspaceId: opts.workspaceId } });
    if (!key) throw notFound("API key");
    // Revoking twice is the same as once: the first revocation time stays and the trail has one event.
    if (key.revokedAt) return presentApiKey(key);
    const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "api_key.revoked", details: { name: key.name, start: key.start } });
    return presentApiKey(revoked);
  });
}

type ApiKeyRecord = { id: string; name: string; start: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; createdBy: string | null };

function presentApiKey(k: ApiKeyRecord) {
  return {
    id: k.id,
    name: k.name,
    start: k.start,
    created_by: k.createdBy,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}
