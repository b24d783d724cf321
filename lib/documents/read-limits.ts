// The documented limits of document reading (README, configuration): read once from the environment.
import os from "node:os";
export interface ReadLimits {
  /** Pages per PDF; more is refused (PA_PDF_MAX_PAGES). */
  maxPages: number;
  /** Bytes one PDF stream may inflate to; the non-image streams together twice that (PA_PDF_MAX_INFLATED_MB). */
  maxInflatedBytes: number;
  /** Characters of a text document the engines read; the rest is cut with a warning (PA_TEXT_MAX_CHARS). */
  maxTextChars: number;
  /** Pages recognised (OCR) per document; more is refused (PA_OCR_MAX_PAGES). */
  maxOcrPages: number;
  /** Resolution pages are rendered at for recognition (PA_OCR_DPI). */
  ocrDpi: number;
  /** Longest time one page (text, or render + recognition) may take (PA_READ_PAGE_TIMEOUT_MS). */
  pageTimeoutMs: number;
  /** Longest time one document may take (PA_READ_DOCUMENT_TIMEOUT_MS). */
  documentTimeoutMs: number;
  /** Heap of a reading worker thread (PA_READ_HEAP_MB). */
  heapMb: number;
  /** Documents read at the same time per process: its reading threads (PA_READ_WORKERS; default one per core but one, at least 1, at most 4). */
  workers: number;
  /** Whether pages without a usable text layer, and images, are recognised. */
  ocr: boolean;
}

/** A positive number from the environment, or the fallback. */
export function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Reading threads by default: one core is left to the thread that answers requests (and the database), so 1 on two cores. */
export function defaultReadWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export function loadReadLimits(): ReadLimits {
  return {
    maxPages: Math.floor(positiveEnv("PA_PDF_MAX_PAGES", 500)),
    maxInflatedBytes: positiveEnv("PA_PDF_MAX_INFLATED_MB", 64) * 1024 * 1024,
    maxTextChars: Math.floor(positiveEnv("PA_TEXT_MAX_CHARS", 1_000_000)),
    maxOcrPages: Math.floor(positiveEnv("PA_OCR_MAX_PAGES", 60)),
    ocrDpi: positiveEnv("PA_OCR_DPI", 150),
    pageTimeoutMs: positiveEnv("PA_READ_PAGE_TIMEOUT_MS", 60_000),
    documentTimeoutMs: positiveEnv("PA_READ_DOCUMENT_TIMEOUT_MS", 600_000),
    heapMb: positiveEnv("PA_READ_HEAP_MB", 768),
    workers: Math.floor(positiveEnv("PA_READ_WORKERS", defaultReadWorkers())),
    ocr: process.env.PA_OCR !== "0",
  };
}
