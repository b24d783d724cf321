// Runs the document reader (worker/read-document.worker.mjs) in a pool of long-lived worker threads
// (pool/reading-pool.ts) with a heap limit, a per-page and a per-document time limit (the thread is terminated when
// either passes, and a fresh one takes the next document): the thread that answers requests never parses a PDF,
// decodes an image or recognises text. The script is a plain .mjs file found from the working directory at run time
// (the Next.js server and the workers run from the project folder), or PA_READ_WORKER_SCRIPT.
import path from "node:path";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { PdfReadError } from "./read-pdf";
import { workerScriptPath } from "./worker-script";
import { loadReadLimits, type ReadLimits } from "./read-limits";
import { ReadingPool, type PoolJob, type ReadingPoolStats } from "./pool/reading-pool";
import type { DocumentContent, DocumentKind } from "./read-document-content";

export type ReadProgress = { done: number; total: number; phase: "text" | "ocr" };

function workerScript(): string {
  const configured = process.env.PA_READ_WORKER_SCRIPT;
  if (configured) return path.resolve(configured);
  return workerScriptPath(["lib", "documents", "worker", "read-document.worker.mjs"], "document reader", " or set PA_READ_WORKER_SCRIPT");
}

// One pool per process (and per script), kept on globalThis: the server's bundles may each carry a copy of this
// module, and they must share the PA_READ_WORKERS threads.
const POOLS = Symbol.for("pa.documents.readingPools");
const pools = ((globalThis as Record<symbol, unknown>)[POOLS] ??= new Map<string, ReadingPool>()) as Map<string, ReadingPool>;

function poolFor(workers: number): ReadingPool {
  const script = workerScript();
  let pool = pools.get(script);
  if (!pool) pools.set(script, (pool = new ReadingPool({ script, size: workers })));
  else if (pool.size !== workers) pool.resize(workers);
  return pool;
}

/** Counters of this process's reading threads (spawned, recycled, killed, busy, queued ...), for tests and metrics. */
export function readingPoolStats(): ReadingPoolStats | null {
  return [...pools.values()][0]?.stats() ?? null;
}

/** A pool of its own (tests, a bench): `size` threads of the reader script. */
export function newReadingPool(opts: { size: number; maxJobsPerWorker?: number; maxHeapShare?: number; idleMs?: number }): ReadingPool {
  return new ReadingPool({ script: workerScript(), ...opts });
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Reads a document in a worker thread; throws PdfReadError (bad file), DocumentOverLimit or SyntaxError (JSON). */
export async function readInWorker(
  input: { bytes: Uint8Array; kind: DocumentKind; contentType: string },
  opts: { onProgress?: (progress: ReadProgress) => void; limits?: Partial<ReadLimits> } = {},
): Promise<DocumentContent> {
  const limits = { ...loadReadLimits(), ...opts.limits };
  return poolFor(limits.workers).run(readingJob(input, limits, opts.onProgress));
}

/** One document as a job of a reading pool: its payload, time limits and how the thread's answers become errors. */
export function readingJob(
  input: { bytes: Uint8Array; kind: DocumentKind; contentType: string },
  limits: ReadLimits,
  onProgress?: (progress: ReadProgress) => void,
): PoolJob<DocumentContent> {
  return {
    payload: { bytes: input.bytes, kind: input.kind, contentType: input.contentType, limits },
    heapMb: limits.heapMb,
    timers: (fail) => {
      let page = 0;
      const documentTimer = setTimeout(
        () => fail(new DocumentOverLimit(`Reading the document took longer than ${seconds(limits.documentTimeoutMs)} (limit PA_READ_DOCUMENT_TIMEOUT_MS).`, "document_time")),
        limits.documentTimeoutMs,
      );
      let pageTimer: NodeJS.Timeout | undefined;
      const armPageTimer = () => {
        clearTimeout(pageTimer);
        pageTimer = setTimeout(
          () => fail(new DocumentOverLimit(`Reading page ${page + 1} of the document took longer than ${seconds(limits.pageTimeoutMs)} (limit PA_READ_PAGE_TIMEOUT_MS).`, "page_time")),
          limits.pageTimeoutMs,
        );
      };
      armPageTimer();
      return {
        onProgress: (done) => {
          page = done;
          armPageTimer();
        },
        clear: () => {
          clearTimeout(documentTimer);
          clearTimeout(pageTimer);
        },
      };
    },
    events: {
      onProgress: (p) => onProgress?.({ done: p.done, total: p.total, phase: p.phase === "ocr" ? "ocr" : "text" }),
      onResult: (content) => content as DocumentContent,
      onError: ({ name, message, limit }) => {
        // "DocumentLimitError" is the name the worker script posts for a limit it met.
        if (name === "DocumentLimitError") return new DocumentOverLimit(message, String(limit ?? "limit"));
        if (name === "PdfReadError") return new PdfReadError(message);
        if (name === "SyntaxError") return new SyntaxError(message);
        return new Error(`The document reader failed: ${message}`);
      },
      onDeath: ({ outOfMemory, message, exitCode }) => {
        if (outOfMemory) return new DocumentOverLimit(`Reading the document needed more than ${limits.heapMb} MB of memory (limit PA_READ_HEAP_MB).`, "memory");
        if (exitCode !== undefined) return new Error(`The document reader stopped (exit code ${exitCode}) before it finished.`);
        return new Error(`The document reader failed: ${message}`);
      },
    },
  };
}
