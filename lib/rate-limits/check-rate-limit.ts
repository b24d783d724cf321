// Rate limits per API key, shared by every web instance: the counters live in PostgreSQL (one small table made at
// first use, not a Prisma model: it holds nothing but counters). One upsert per request, made in the statement that
// verifies the API key (lib/api-keys/verify-api-key.ts); the table is UNLOGGED (no
// WAL flush per request), so a database crash resets the counters, which for a one-minute window is harmless.
import { prisma } from "@/lib/db/prisma";
import { evaluateSlidingWindow, type SlidingWindowDecision } from "./sliding-window";

const WINDOW_MS = 60_000;
const TABLE = "pa_rate_limit_windows";

/** PA_RATE_LIMIT_PER_MINUTE (default 600); 0 turns the limit off. */
export function rateLimitPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PA_RATE_LIMIT_PER_MINUTE?.trim();
  if (!raw) return 600;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`PA_RATE_LIMIT_PER_MINUTE must be a whole number >= 0, got "${raw}".`);
  return value;
}

const globalForLimits = globalThis as unknown as { paRateLimitTable?: Promise<void> };

/** Creates the window table once per process (made at first use, not a Prisma model). */
export function ensureRateLimitTable(): Promise<void> {
  globalForLimits.paRateLimitTable ??= (async () => {
    const create = () =>
      prisma.$executeRawUnsafe(
        `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (key text PRIMARY KEY, window_index bigint NOT NULL, count integer NOT NULL, previous_count integer NOT NULL)`,
      );
    // Two instances creating the table at once can collide on the catalog's unique index: the second try sees it.
    await create().catch(() => create());
  })().catch((error) => {
    globalForLimits.paRateLimitTable = undefined;
    throw error;
  });
  return globalForLimits.paRateLimitTable;
}

export interface RateLimitResult extends SlidingWindowDecision {
  limit: number;
}

/** The window a request at `now` counts in (a parameter of windowUpsert). */
export const windowIndexAt = (now: number) => Math.floor(now / WINDOW_MS);

/**
 * Counts one request in the window table for each row of `source` (key, window_index, 1, 0), returning the key's
 * count in this window and the previous one. A statement of its own or a data-modifying CTE: the request's API key
 * is checked and counted in one round trip (lib/api-keys/verify-api-key.ts). The table must exist (ensureRateLimitTable).
 */
export function windowUpsert(source: string): string {
  return `INSERT INTO ${TABLE} AS t (key, window_index, count, previous_count) ${source}
     ON CONFLICT (key) DO UPDATE SET
       previous_count = CASE WHEN t.window_index = EXCLUDED.window_index THEN t.previous_count
                             WHEN t.window_index = EXCLUDED.window_index - 1 THEN t.count ELSE 0 END,
       count = CASE WHEN t.window_index = EXCLUDED.window_index THEN t.count + 1 ELSE 1 END,
       window_index = EXCLUDED.window_index
     RETURNING count, previous_count`;
}

/** The decision for a request counted at `now` with what windowUpsert returned. */
export function rateLimitDecision(counted: { count: number | bigint; previous_count: number | bigint }, limit: number, now: number): RateLimitResult {
  const windowIndex = windowIndexAt(now);
  return { limit, ...evaluateSlidingWindow({ count: Number(counted.count), previousCount: Number(counted.previous_count), elapsedMs: now - windowIndex * WINDOW_MS, windowMs: WINDOW_MS, limit }) };
}

/** Counts one request for `key` and says whether it is within the limit. Null when limits are off. */
export async function checkRateLimit(key: string, now = Date.now()): Promise<RateLimitResult | null> {
  const limit = rateLimitPerMinute();
  if (limit === 0) return null;
  await ensureRateLimitTable();
  const rows = await prisma.$queryRawUnsafe<{ count: number; previous_count: number }[]>(windowUpsert("VALUES ($1, $2, 1, 0)"), key, windowIndexAt(now));
  return rateLimitDecision(rows[0], limit, now);
}

const lastLogged = new Map<string, number>();

/** True at most once a minute per key: a client hammering past its limit must not flood the log. */
export function shouldLogRefusal(key: string, now = Date.now()): boolean {
  const last = lastLogged.get(key) ?? 0;
  if (now - last < WINDOW_MS) return false;
  if (lastLogged.size > 10_000) lastLogged.clear();
  lastLogged.set(key, now);
  return true;
}
