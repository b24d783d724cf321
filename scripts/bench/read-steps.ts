// The steps of an authenticated read (GET /prior_auths/{id}) timed one at a time in this process, against the
// database of DATABASE_URL and a running server (BENCH_READ_URL, BENCH_READ_KEY): the key statement (key, workspace,
// last use and rate-limit window), the record through Prisma, the answer's shape, a bare SELECT of the row, and the
// whole request over HTTP beside /api/health (the framework's floor). p50 of sequential runs (no concurrency), in ms.
// Alone: DATABASE_URL=... BENCH_READ_URL=http://127.0.0.1:3205/api/v1/prior_auths/<id> BENCH_READ_KEY=pa_... npx tsx scripts/bench/read-steps.ts
import pg from "pg";
import { fmt, percentile, runWhenMain } from "./stats";

const RUNS = 500;

async function p50Of(fn: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 50; i++) await fn(); // warm-up: the JIT, the pools and the prepared statements
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return `${fmt(percentile(times, 50), 3)} ms`;
}

export async function benchReadSteps(target = { url: process.env.BENCH_READ_URL!, key: process.env.BENCH_READ_KEY! }): Promise<Record<string, string>> {
  const { verifyApiKey } = await import("../../lib/api-keys/verify-api-key");
  const { hashApiKey } = await import("../../lib/auth/api-keys");
  const { getPriorAuthAnswerOrThrow } = await import("../../lib/prior-auths/get-prior-auth-or-throw");
  const { presentPriorAuth } = await import("../../lib/prior-auths/present-prior-auth");
  const { disconnectPrisma } = await import("../../lib/db/prisma");
  const id = new URL(target.url).pathname.split("/").pop()!;
  const hashed = hashApiKey(target.key);
  const verified = await verifyApiKey(hashed);
  if (!verified) throw new Error("the key is not valid");
  const workspaceId = verified.workspace.id;
  const row = await getPriorAuthAnswerOrThrow({ workspaceId, priorAuthId: id });
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const out: Record<string, string> = {
    "read steps: key statement (key, workspace, last use, rate window)": await p50Of(() => verifyApiKey(hashed)),
    "read steps: the record (Prisma, answer columns)": await p50Of(() => getPriorAuthAnswerOrThrow({ workspaceId, priorAuthId: id })),
    "read steps: the answer's shape (presentPriorAuth + JSON)": await p50Of(async () => JSON.stringify(presentPriorAuth(row))),
    "read steps: bare SELECT of the row (pg)": await p50Of(() => pool.query('SELECT * FROM "PriorAuth" WHERE id = $1', [id])),
    "read steps: GET /api/health over HTTP (framework + 1 query)": await p50Of(() => fetch(new URL("/api/health", target.url)).then((r) => r.text())),
    "read steps: GET /prior_auths/{id} over HTTP": await p50Of(() => fetch(target.url, { headers: { "X-API-Key": target.key } }).then((r) => r.text())),
  };
  await pool.end();
  await disconnectPrisma();
  return out;
}

runWhenMain("read-steps.ts", () => benchReadSteps());
