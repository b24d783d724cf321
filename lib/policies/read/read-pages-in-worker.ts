// Runs the policy layout reader (readPolicyDocument, worker/read-policy.worker.mjs) in a small pool of long-lived
// worker threads (lib/documents/pool/reading-pool.ts) with a heap limit and a time limit per reading: the thread that
// answers requests only hands the pages over and awaits the sections. A reading over its time limit stops its thread
// (a fresh one takes the next document) and fails with a DocumentOverLimit, as a document over a reading limit does.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { loadReadLimits, positiveEnv } from "@/lib/documents/read-limits";
import { ReadingPool, type PoolJob, type ReadingPoolStats } from "@/lib/documents/pool/reading-pool";
import { workerScriptPath } from "@/lib/documents/worker-script";
import type { PolicyDocumentReading } from "./types";

export interface PolicyReadLimits {
  /** Longest time one document's layout analysis may take, the reader's load included (PA_POLICY_READ_TIMEOUT_MS). */
  timeoutMs: number;
  /** Heap of a policy reading thread (PA_READ_HEAP_MB, as the document readers). */
  heapMb: number;
  /** Policy documents analysed at once per process: its policy reading threads (PA_POLICY_READ_WORKERS, default 1). */
  workers: number;
}

export function loadPolicyReadLimits(): PolicyReadLimits {
  return {
    timeoutMs: positiveEnv("PA_POLICY_READ_TIMEOUT_MS", 120_000),
    heapMb: loadReadLimits().heapMb,
    workers: Math.floor(positiveEnv("PA_POLICY_READ_WORKERS", 1)),
  };
}

function workerScript(): string {
  return workerScriptPath(["lib", "policies", "read", "worker", "read-policy.worker.mjs"], "policy reader");
}

// One pool per process, kept on globalThis: the server's bundles may each carry a copy of this module.
const POOL = Symbol.for("pa.policies.layoutReadingPool");
const store = globalThis as Record<symbol, ReadingPool | undefined>;

function poolFor(workers: number): ReadingPool {
  let pool = store[POOL];
  if (!pool) pool = store[POOL] = new ReadingPool({ script: workerScript(), size: workers });
  else if (pool.size !== workers) pool.resize(workers);
  return pool;
}

/** Counters of this process's policy reading threads (spawned, killed, completed ...), for tests and the bench. */
export function policyReadingPoolStats(): ReadingPoolStats | null {
  return store[POOL]?.stats() ?? null;
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`);

/** One document's pages as a job of a reading pool: its payload, its time limit and how the thread's answers become errors. */
export function policyReadingJob(pages: readonly PdfPage[], limits: PolicyReadLimits): PoolJob<PolicyDocumentReading> {
  return {
    payload: { pages },
    heapMb: limits.heapMb,
    timers: (fail) => {
      const timer = setTimeout(
        () => fail(new DocumentOverLimit(`Reading the policy document's sections took longer than ${seconds(limits.timeoutMs)} (limit PA_POLICY_READ_TIMEOUT_MS).`, "policy_read_time")),
        limits.timeoutMs,
      );
      return { onProgress: () => undefined, clear: () => clearTimeout(timer) };
    },
    events: {
      onResult: (content) => content as PolicyDocumentReading,
      onError: ({ message }) => new Error(`The policy reader failed: ${message}`),
      onDeath: ({ outOfMemory, message, exitCode }) => {
        if (outOfMemory) return new DocumentOverLimit(`Reading the policy document's sections needed more than ${limits.heapMb} MB of memory (limit PA_READ_HEAP_MB).`, "memory");
        if (exitCode !== undefined) return new Error(`The policy reader stopped (exit code ${exitCode}) before it finished.`);
        return new Error(`The policy reader failed: ${message}`);
      },
    },
  };
}

/** A pool of its own (tests, the bench): `size` policy reading threads. */
export function newPolicyReadingPool(opts: { size: number; maxJobsPerWorker?: number }): ReadingPool {
  return new ReadingPool({ script: workerScript(), ...opts });
}

/**
 * The sections of a policy document's pages, read by the family readers in a worker thread. Throws DocumentOverLimit
 * (time, memory) or an Error when the reader fails.
 */
export async function readPolicyPagesInWorker(pages: readonly PdfPage[], opts: { limits?: Partial<PolicyReadLimits>; pool?: ReadingPool } = {}): Promise<PolicyDocumentReading> {
  const limits = { ...loadPolicyReadLimits(), ...opts.limits };
  return (opts.pool ?? poolFor(limits.workers)).run(policyReadingJob(pages, limits));
}
