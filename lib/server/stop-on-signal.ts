import type { ResolvedDatabase } from "@/lib/db/embedded";

/**
 * On SIGINT / SIGTERM, once: stop taking work (HTTP server, workers), stop the queue, then the database (the embedded
 * one lives in this process), and exit.
 */
export function stopOnSignal(parts: { db: ResolvedDatabase; workers: { stop(): void } | null; server?: { close(): unknown } }) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    parts.workers?.stop();
    parts.server?.close();
    const { stopBoss } = await import("@/lib/jobs/queue");
    await stopBoss();
    await parts.db.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
