// The durable job queue: pg-boss on the same PostgreSQL (embedded or real). Web instances only send; workers
// (inside the web process by default, or `npm run worker`) fetch. Handlers are idempotent.
import { PgBoss } from "pg-boss";
import { logger } from "@/lib/log";

const globalForBoss = globalThis as unknown as { paBoss?: Promise<PgBoss> };

export const QUEUE_SETTINGS = {
  retryLimit: Number(process.env.PA_JOB_RETRY_LIMIT ?? 5),
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 60,
  /** A job whose worker stops heart-beating (crashed, killed) is handed to another worker after this long. */
  heartbeatSeconds: Math.max(10, Number(process.env.PA_JOB_HEARTBEAT_SECONDS ?? 10)),
  expireInSeconds: Number(process.env.PA_JOB_EXPIRE_SECONDS ?? 900),
};

function createBoss(role: "supervisor" | "client"): PgBoss {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const boss = new PgBoss({
    connectionString,
    max: 4,
    schedule: false,
    supervise: role === "supervisor",
    migrate: role === "supervisor",
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  boss.on("error", (error) => logger.error("job queue error", { error }));
  return boss;
}

/** The process's queue handle. The supervisor role (workers) also creates and maintains the schema. */
export function getBoss(role: "supervisor" | "client" = "client"): Promise<PgBoss> {
  globalForBoss.paBoss ??= (async () => {
    const boss = createBoss(role);
    await boss.start();
    return boss;
  })().catch((error) => {
    globalForBoss.paBoss = undefined;
    throw error;
  });
  return globalForBoss.paBoss;
}

export async function stopBoss() {
  const boss = await globalForBoss.paBoss?.catch(() => undefined);
  globalForBoss.paBoss = undefined;
  await boss?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
}
