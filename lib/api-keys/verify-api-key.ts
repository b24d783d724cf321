// The API key of a request checked in ONE round trip: a single statement finds the key by its hash, refuses it when
// revoked or expired, returns its workspace, refreshes its last-used time (at most once a minute) and counts the
// request in the key's rate-limit window. Revocation reads the row itself on every request, so it takes effect on
// the next request on every instance (no cache to invalidate).
import { prisma } from "@/lib/db/prisma";
import { ensureRateLimitTable, rateLimitDecision, rateLimitPerMinute, windowIndexAt, windowUpsert, type RateLimitResult } from "@/lib/rate-limits/check-rate-limit";

export interface VerifiedApiKey {
  key: { id: string; name: string };
  workspace: { id: string; name: string; requireClinicianForAdverse: boolean; slaHoursExpedited: number; slaHoursStandard: number };
  /** The request's rate-limit decision; null when limits are off (PA_RATE_LIMIT_PER_MINUTE=0). */
  rate: RateLimitResult | null;
}

type Found = {
  id: string; name: string; workspace_id: string; workspace_name: string; require_clinician_for_adverse: boolean;
  sla_hours_expedited: number; sla_hours_standard: number; count: number | bigint | null; previous_count: number | bigint | null;
};

const LAST_USED_EVERY = "1 minute";

/**
 * $1: the key's hash, $2: now (UTC ISO: the columns are timestamps without time zone, in UTC as Prisma writes them),
 * $3: the rate-limit window index. Timestamps compare with $2, not now(), which follows the session's time zone.
 */
function statement(counted: boolean): string {
  const rate = counted ? `, counted AS (${windowUpsert(`SELECT 'api_key:' || id, $3::bigint, 1, 0 FROM valid`)})` : "";
  return `WITH valid AS (
      SELECT k.id, k.name, k."lastUsedAt", w.id AS workspace_id, w.name AS workspace_name,
             w."requireClinicianForAdverse" AS require_clinician_for_adverse,
             w."slaHoursExpedited" AS sla_hours_expedited, w."slaHoursStandard" AS sla_hours_standard
        FROM "ApiKey" k JOIN "Workspace" w ON w.id = k."workspaceId"
       WHERE k."hashedKey" = $1 AND k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > $2::timestamp(3))
    ), touched AS (
      UPDATE "ApiKey" SET "lastUsedAt" = $2::timestamp(3)
       WHERE id IN (SELECT id FROM valid WHERE "lastUsedAt" IS NULL OR "lastUsedAt" < $2::timestamp(3) - interval '${LAST_USED_EVERY}')
    )${rate}
    SELECT valid.id, valid.name, workspace_id, workspace_name, require_clinician_for_adverse, sla_hours_expedited, sla_hours_standard,
           ${counted ? "counted.count, counted.previous_count" : "NULL::int AS count, NULL::int AS previous_count"}
      FROM valid${counted ? " LEFT JOIN counted ON true" : ""}`;
}

/**
 * The key with this hash when it is valid (not revoked, not expired), with its workspace and the request counted
 * against its rate limit; null otherwise (one answer for unknown, revoked and expired keys).
 */
export async function verifyApiKey(hashedKey: string, now = Date.now()): Promise<VerifiedApiKey | null> {
  const limit = rateLimitPerMinute();
  if (limit > 0) await ensureRateLimitTable(); // once per process
  const at = new Date(now).toISOString();
  const rows = limit > 0
    ? await prisma.$queryRawUnsafe<Found[]>(statement(true), hashedKey, at, windowIndexAt(now))
    : await prisma.$queryRawUnsafe<Found[]>(statement(false), hashedKey, at);
  const row = rows[0];
  if (!row) return null;
  return {
    key: { id: row.id, name: row.name },
    workspace: {
      id: row.workspace_id, name: row.workspace_name, requireClinicianForAdverse: row.require_clinician_for_adverse,
      slaHoursExpedited: Number(row.sla_hours_expedited), slaHoursStandard: Number(row.sla_hours_standard),
    },
    rate: limit > 0 && row.count !== null && row.previous_count !== null ? rateLimitDecision({ count: row.count, previous_count: row.previous_count }, limit, now) : null,
  };
}
