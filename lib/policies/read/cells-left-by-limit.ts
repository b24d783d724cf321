// Requirement cells a reading left unread because of the per-document cell cap or time limit (a background re-read
// with a larger cap reads them), told apart from cells that are unreadable (an empty region, low confidence). Pure.
// Two signs: a cell of the text layer (symbols) left for a limit is marked on its page with the limit's reason; an
// image beside a row leaves no mark (its row is not read at all), so the recognition's progress tells: it stopped
// with cells not taken, at the cap or past the time limit.
import type { PdfPage } from "@/lib/documents/read-pdf";

interface PageMarks {
  unreadCells?: { reason?: string }[];
}

export interface CellRunProgress {
  /** The last progress the recognition reported: cells taken of the cells to recognise. */
  done: number;
  total: number;
  maxCells: number;
  elapsedMs: number;
  timeoutMs: number;
}

/** The limits whose reasons say a cell was left for the limit (recognise-cells worker and its thread's timer). */
const LIMIT_REASON = /\((PA_OCR_MAX_CELLS|PA_OCR_CELLS_TIMEOUT_MS)\)/;

export function cellsLeftByLimit(pages: readonly PdfPage[], run?: CellRunProgress): number {
  const marked = pages.reduce((n, page) => n + ((page as PdfPage & PageMarks).unreadCells ?? []).filter((c) => LIMIT_REASON.test(c.reason ?? "")).length, 0);
  if (!run || run.total <= run.done) return marked;
  const stopped = run.done >= run.maxCells || run.elapsedMs >= run.timeoutMs;
  return stopped ? Math.max(marked, run.total - run.done) : marked;
}

/** Records the recognition's progress for cellsLeftByLimit (wraps the caller's own progress callback). */
export function cellProgressRecorder(limits: { maxCells: number; timeoutMs: number }, onProgress?: (done: number, total: number) => void) {
  const started = Date.now();
  let done = 0;
  let total = 0;
  return {
    onCellProgress: (d: number, t: number) => {
      done = d;
      total = t;
      onProgress?.(d, t);
    },
    run: (): CellRunProgress => ({ done, total, maxCells: limits.maxCells, elapsedMs: Date.now() - started, timeoutMs: limits.timeoutMs }),
  };
}
