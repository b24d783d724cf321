// Requirement cells a reading left unread because of the per-document cell cap or time limit (a background re-read
// with a larger cap reads them), told apart from cells that are unreadable (an empty region, low confidence). Pure.
import type { PdfPage } from "@/lib/documents/read-pdf";

interface PageMarks {
  unreadCells?: { reason?: string }[];
}

/** The limits whose reasons say a cell was left for the limit (recognise-cells worker and its thread's timer). */
const LIMIT_REASON = /\((PA_OCR_MAX_CELLS|PA_OCR_CELLS_TIMEOUT_MS)\)/;

export function cellsLeftByLimit(pages: readonly PdfPage[]): number {
  return pages.reduce((n, page) => n + ((page as PdfPage & PageMarks).unreadCells ?? []).filter((c) => LIMIT_REASON.test(c.reason ?? "")).length, 0);
}
