// Chains a new or changed case to stages 1-2: queues the `process-prior-auth` job (or runs it at once, synchronous).
import { enqueueJob } from "@/lib/jobs/definitions";
import { logger } from "@/lib/log";
import { processPriorAuth } from "./run-intake";

const SYNC_TIMEOUT_MS = Number(process.env.PA_SYNC_TIMEOUT_MS ?? 30_000);

/**
 * Queues the reading of a case that was just committed in Processing (created, or given new documents). With
 * `synchronous`, reads it now and waits up to PA_SYNC_TIMEOUT_MS; returns whether it waited (the caller then reads
 * the case's state again). A failed enqueue is logged, not thrown: the workers' sweep queues cases left in Processing
 * without a job, and an error here would make the client retry into a duplicate.
 */
export async function startProcessing(opts: { priorAuthId: string; workspaceId: string; synchronous: boolean }): Promise<boolean> {
  const job = { priorAuthId: opts.priorAuthId, workspaceId: opts.workspaceId };
  const enqueue = (options: { singletonKey: string; startAfterSeconds?: number }) =>
    enqueueJob("processPriorAuth", job, options).catch((error) => logger.warn("job not queued; the sweep will pick the case up", { priorAuthId: opts.priorAuthId, error }));
  if (!opts.synchronous) {
    await enqueue({ singletonKey: opts.priorAuthId });
    return false;
  }
  // The queued job is the safety net: it runs after the synchronous attempt's window and finds the case finished.
  await enqueue({ singletonKey: opts.priorAuthId, startAfterSeconds: Math.ceil(SYNC_TIMEOUT_MS / 1000) + 5 });
  const work = processPriorAuth(opts.priorAuthId).catch(() => "retry-later" as const);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, SYNC_TIMEOUT_MS).unref())]);
  return true;
}
