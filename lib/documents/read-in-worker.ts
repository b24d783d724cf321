// Runs the document reader (worker/read-document.worker.mjs) in a worker thread with a heap limit, a per-page and a
// per-document time limit (the thread is terminated when either passes), and a small pool: the thread that answers
// requests never parses a PDF, decodes an image or recognises text. The script is a plain .mjs file found from the
// working directory at run time (the Next.js server and the workers run from the project folder), or
// PA_READ_WORKER_SCRIPT.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PdfReadError } from "./read-pdf";
import { loadReadLimits, type ReadLimits } from "./read-limits";
import type { DocumentContent, DocumentKind } from "./read-document-content";

/** A document over a documented limit (pages, inflated size, time, memory, recognised pages). */
export class DocumentLimitError extends Error {
  constructor(message: string, readonly limit: string, readonly status: 413 | 422 = 422) {
    super(message);
    this.name = "DocumentLimitError";
  }
}

export type ReadProgress = { done: number; total: number; phase: "text" | "ocr" };

function workerScript(): string {
  const configured = process.env.PA_READ_WORKER_SCRIPT;
  if (configured) return path.resolve(configured);
  const script = [process.cwd(), "lib", "documents", "worker", "read-document.worker.mjs"].join(path.sep);
  if (!fs.existsSync(script)) throw new Error(`The document reader ${script} is missing: run the service from the project folder or set PA_READ_WORKER_SCRIPT.`);
  return script;
}

// A small pool: at most `limits.workers` reading threads per process, the rest wait their turn.
let running = 0;
const waiting: (() => void)[] = [];
async function slot(max: number): Promise<() => void> {
  if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Reads a document in a worker thread; throws PdfReadError (bad file), DocumentLimitError or SyntaxError (JSON). */
export async function readInWorker(
  input: { bytes: Uint8Array; kind: DocumentKind; contentType: string },
  opts: { onProgress?: (progress: ReadProgress) => void; limits?: Partial<ReadLimits> } = {},
): Promise<DocumentContent> {
  const limits = { ...loadReadLimits(), ...opts.limits };
  const release = await slot(limits.workers);
  try {
    return await runWorker(input, limits, opts.onProgress);
  } finally {
    release();
  }
}

function runWorker(input: { bytes: Uint8Array; kind: DocumentKind; contentType: string }, limits: ReadLimits, onProgress?: (p: ReadProgress) => void) {
  return new Promise<DocumentContent>((resolve, reject) => {
    const worker = new Worker(workerScript(), {
      workerData: { bytes: input.bytes, kind: input.kind, contentType: input.contentType, limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    let page = 0;
    const finish = (error: Error | null, content?: DocumentContent) => {
      if (settled) return;
      settled = true;
      clearTimeout(documentTimer);
      clearTimeout(pageTimer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(content!);
    };
    const documentTimer = setTimeout(
      () => finish(new DocumentLimitError(`Reading the document took longer than ${seconds(limits.documentTimeoutMs)} (limit PA_READ_DOCUMENT_TIMEOUT_MS).`, "document_time")),
      limits.documentTimeoutMs,
    );
    let pageTimer: NodeJS.Timeout;
    const armPageTimer = () => {
      clearTimeout(pageTimer);
      pageTimer = setTimeout(
        () => finish(new DocumentLimitError(`Reading page ${page + 1} of the document took longer than ${seconds(limits.pageTimeoutMs)} (limit PA_READ_PAGE_TIMEOUT_MS).`, "page_time")),
        limits.pageTimeoutMs,
      );
    };
    armPageTimer();
    worker.on("message", (message: { type: string; [key: string]: unknown }) => {
      if (message.type === "progress") {
        page = Number(message.done);
        armPageTimer();
        try {
          onProgress?.({ done: Number(message.done), total: Number(message.total), phase: message.phase === "ocr" ? "ocr" : "text" });
        } catch {
          // Progress is advisory.
        }
      } else if (message.type === "result") {
        finish(null, message.content as DocumentContent);
      } else if (message.type === "error") {
        const text = String(message.message);
        if (message.name === "DocumentLimitError") finish(new DocumentLimitError(text, String(message.limit ?? "limit")));
        else if (message.name === "PdfReadError") finish(new PdfReadError(text));
        else if (message.name === "SyntaxError") finish(new SyntaxError(text));
        else finish(new Error(`The document reader failed: ${text}`));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        finish(new DocumentLimitError(`Reading the document needed more than ${limits.heapMb} MB of memory (limit PA_READ_HEAP_MB).`, "memory"));
      } else finish(new Error(`The document reader failed: ${error.message}`));
    });
    worker.on("exit", (code) => finish(new Error(`The document reader stopped (exit code ${code}) before it finished.`)));
  });
}
