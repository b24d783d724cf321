import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { Conflict, InvalidInput } from "@/lib/errors/domain-errors";

const KEEP_HOURS = 24;
const IN_PROGRESS = 0;

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * Runs `work` once per Idempotency-Key: the same key and body replay the first response; the same key with another
 * body is a Conflict. The key is reserved before the work starts, so concurrent duplicates cannot both run. `scope` (the
 * method and path, for the routes that act on one case) is part of what the key stands for: the same key sent to
 * another case or action is "a different request", never a replay of that other answer.
 */
export async function withIdempotency(
  opts: { workspaceId: string; key: string | null; body: unknown; scope?: string },
  work: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  if (!opts.key) return { ...(await work()), replayed: false };
  if (opts.key.length > 255) throw new InvalidInput("Idempotency-Key must be at most 255 characters.");
  const request = opts.scope === undefined ? (opts.body ?? null) : [opts.scope, opts.body ?? null];
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const where = { workspaceId_key: { workspaceId: opts.workspaceId, key: opts.key } };

  await prisma.idempotencyKey.deleteMany({ where: { workspaceId: opts.workspaceId, key: opts.key, createdAt: { lt: new Date(Date.now() - KEEP_HOURS * 3600_000) } } });
  try {
    await prisma.idempotencyKey.create({ data: { workspaceId: opts.workspaceId, key: opts.key, requestHash, responseStatus: IN_PROGRESS, responseBody: {} } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    const existing = await prisma.idempotencyKey.findUnique({ where });
    if (!existing) throw new Conflict("A request with this Idempotency-Key was just completed; retry it.");
    if (existing.requestHash !== requestHash) throw new Conflict("This Idempotency-Key was already used with a different request body.");
    if (existing.responseStatus === IN_PROGRESS) throw new Conflict("A request with this Idempotency-Key is still in progress.");
    return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  }
  try {
    const result = await work();
    await prisma.idempotencyKey.update({ where, data: { responseStatus: result.status, responseBody: result.body as Prisma.InputJsonValue } });
    return { ...result, replayed: false };
  } catch (error) {
    await prisma.idempotencyKey.delete({ where }).catch(() => undefined);
    throw error;
  }
}
