// Recognises table cells of a PDF (worker/recognise-cells.mjs) in a worker thread with a heap limit and a time limit:
// the thread that answers requests never renders a page or runs text recognition. The worker stops taking cells at
// the per-document cell cap and time limit and says so per cell; past the limit plus a grace period it is terminated
// and every cell is reported unread with the reason.
import { Worker } from "node:worker_threads";
import { loadReadLimits, positiveEnv } from "./read-limits";
import { workerScriptPath } from "./worker-script";
import type { CellToRecognise, RecognisedCell } from "./worker/recognise-cells.mjs";

export type { CellToRecognise, RecognisedCell };

export interface CellLimits {
  /** Cells recognised per document; the rest are unread with the reason (PA_OCR_MAX_CELLS). */
  maxCells: number;
  /** Time the recognition of one document's cells may take (PA_OCR_CELLS_TIMEOUT_MS). */
  timeoutMs: number;
  /** Whether text recognition is on at all (PA_OCR). */
  ocr: boolean;
  heapMb: number;
}

export function loadCellLimits(): CellLimits {
  const read = loadReadLimits();
  return { maxCells: Math.floor(positiveEnv("PA_OCR_MAX_CELLS", 300)), timeoutMs: positiveEnv("PA_OCR_CELLS_TIMEOUT_MS", 120_000), ocr: read.ocr, heapMb: read.heapMb };
}

/** Beyond the time limit the worker gets this long to hand back what it read before it is stopped. */
const GRACE_MS = 15_000;

function workerScript(): string {
  return workerScriptPath(["lib", "documents", "worker", "recognise-cells.worker.mjs"], "cell reader");
}

const unread = (cells: readonly CellToRecognise[], reason: string): RecognisedCell[] => cells.map((c) => ({ ...c, text: null, reason }));

/** Every cell's recognised text, or why it was not read; never throws for a page it cannot read. */
export async function recogniseCellsInWorker(bytes: Uint8Array, cells: readonly CellToRecognise[], opts: { limits?: Partial<CellLimits>; onProgress?: (done: number, total: number) => void } = {}): Promise<RecognisedCell[]> {
  const limits = { ...loadCellLimits(), ...opts.limits };
  if (!cells.length) return [];
  if (!limits.ocr) return unread(cells, "text recognition is off (PA_OCR=0)");
  return new Promise<RecognisedCell[]>((resolve) => {
    const worker = new Worker(workerScript(), {
      workerData: { bytes, cells, maxCells: limits.maxCells, timeoutMs: limits.timeoutMs },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (result: RecognisedCell[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish(unread(cells, "text recognition took longer than its time limit per document (PA_OCR_CELLS_TIMEOUT_MS)")), limits.timeoutMs + GRACE_MS);
    worker.on("message", (message: { type: string; cells?: RecognisedCell[]; message?: string; done?: number; total?: number }) => {
      if (message.type === "progress") {
        try {
          opts.onProgress?.(Number(message.done), Number(message.total));
        } catch {
          // Progress is advisory.
        }
      } else if (message.type === "result") finish(message.cells ?? unread(cells, "the cell reader gave no result"));
      else if (message.type === "error") finish(unread(cells, `the page image could not be read: ${message.message}`));
    });
    worker.on("error", (error: Error & { code?: string }) =>
      finish(unread(cells, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? `reading the page images needed more than ${limits.heapMb} MB of memory (PA_READ_HEAP_MB)` : `the cell reader failed: ${error.message}`)),
    );
    worker.on("exit", (code) => finish(unread(cells, `the cell reader stopped (exit code ${code}) before it finished`)));
  });
}
