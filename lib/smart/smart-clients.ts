// SMART backend services clients of a workspace, registered by its admins: a name, the client's public keys (an inline
// JWKS, or the URL it publishes them at) and the SMART scopes its tokens may be granted. Registering, listing and
// revoking are audited as API keys are.
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { NotFound } from "@/lib/errors/domain-errors";
import { validateOutboundUrl } from "@/lib/net/validate-outbound-url";
import { ZJwks, type TCreateSmartClientRequest } from "@/lib/schemas/smart-client";
import { readStoredRecord } from "@/lib/stored-record";
import { checkKeys } from "@/lib/smart/client-keys";
import { allowedScopesOf } from "@/lib/smart/smart-scopes";

export async function createSmartClient(opts: { workspaceId: string; actor: Actor; input: TCreateSmartClientRequest; tokenUrl: string }) {
  const { input } = opts;
  const jwksUrl = input.jwks_url !== undefined ? await validateOutboundUrl(input.jwks_url, { field: "jwks_url", noun: "The JWKS" }) : null;
  const jwks = input.jwks ? await checkKeys(input.jwks) : null;
  const scopes = [...new Set(input.scopes ?? ["system/*.*"])];
  const client = await prisma.$transaction(async (tx) => {
    const created = await tx.smartClient.create({
      data: { workspaceId: opts.workspaceId, name: input.name.trim(), jwksUrl, jwks: (jwks ?? undefined) as Prisma.InputJsonValue | undefined, scopes, createdBy: opts.actor.label },
    });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "smart_client.created",
      details: { client_id: created.id, name: created.name, jwks_url: jwksUrl, key_ids: jwks?.keys.map((key) => key.kid ?? null) ?? null, scopes },
    });
    return created;
  });
  return presentSmartClient(client, opts.tokenUrl);
}

export async function listSmartClients(opts: { workspaceId: string; tokenUrl: string }) {
  const clients = await prisma.smartClient.findMany({ where: { workspaceId: opts.workspaceId }, orderBy: { createdAt: "desc" } });
  return clients.map((client) => presentSmartClient(client, opts.tokenUrl));
}

/** Revokes a client at once: its assertions are refused and its tokens stop working. Twice is the same as once. */
export async function revokeSmartClient(opts: { workspaceId: string; id: string; actor: Actor; tokenUrl: string }) {
  return prisma.$transaction(async (tx) => {
    const client = await tx.smartClient.findFirst({ where: { id: opts.id, workspaceId: opts.workspaceId } });
    if (!client) throw new NotFound("SMART client");
    if (client.revokedAt) return presentSmartClient(client, opts.tokenUrl);
    const revoked = await tx.smartClient.update({ where: { id: client.id }, data: { revokedAt: new Date() } });
    await tx.smartAccessToken.deleteMany({ where: { clientId: client.id } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "smart_client.revoked", details: { client_id: client.id, name: client.name } });
    return presentSmartClient(revoked, opts.tokenUrl);
  });
}

type SmartClientRecord = { id: string; name: string; jwksUrl: string | null; jwks: unknown; scopes: string[]; createdBy: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function presentSmartClient(client: SmartClientRecord, tokenUrl: string) {
  return {
    id: client.id,
    client_id: client.id,
    name: client.name,
    jwks_url: client.jwksUrl,
    jwks: client.jwks === null ? null : readStoredRecord(ZJwks, client.jwks, { record: `the keys of SMART client ${client.id}`, remedy: "register the client again" }),
    scopes: allowedScopesOf(client.scopes),
    created_by: client.createdBy,
    created_at: client.createdAt.toISOString(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
    status: client.revokedAt ? ("revoked" as const) : ("active" as const),
    token_url: tokenUrl,
  };
}
