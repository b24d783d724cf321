// A policy PDF read into sections, the way every path reads one (upload, re-read, a check's policy_document_url):
// its pages (text layer, read in a worker thread), a drug list's requirement cells recognised from the page image
// within the cell limits, then the family reader's layout analysis (in a worker thread too: read-pages-in-worker.ts).
import type { PdfPage } from "@/lib/documents/read-pdf";
import { readDocumentContent, readPdfPagesOffThread } from "@/lib/documents/read-document-content";
import { loadCellLimits, type CellLimits } from "@/lib/documents/recognise-cells-in-worker";
import { cellProgressRecorder, cellsLeftByLimit } from "./cells-left-by-limit";
import { recogniseRequirementCells, type RequirementCellsRun } from "./formulary/recognise-requirement-cells";
import { readPolicyPagesInWorker, type PolicyReadLimits } from "./read-pages-in-worker";
import type { PolicyDocumentReading } from "./types";

export interface PolicyPdfReading {
  pages: PdfPage[];
  reading: PolicyDocumentReading;
  /**
   * Requirement cells asked for, recognised, and left unread (cap, time limit, unreadable image); `leftByLimit`: those
   * left for the cell cap or time limit only, which a re-read with a larger cap can read.
   */
  cells: RequirementCellsRun["cells"] & { leftByLimit: number };
}

/**
 * The sections of a policy document's pages (layout analysis of the family reader), read in a worker thread: the
 * thread that answers requests only awaits them. Throws DocumentOverLimit over the time or memory limit.
 */
export async function readPolicyPages(pages: readonly PdfPage[], opts: { limits?: Partial<PolicyReadLimits> } = {}): Promise<PolicyDocumentReading> {
  return readPolicyPagesInWorker(pages, opts);
}

/**
 * Reads a policy PDF: `focus` recognises only the rows of those drugs (a check); `cellLimits` overrides the cell cap;
 * `recognisePages` also recognises whole scanned pages (a document fetched for one check, where no text layer is kept).
 */
export async function readPolicyPdf(
  bytes: Uint8Array,
  opts: { focus?: readonly string[]; cellLimits?: Partial<CellLimits>; recognisePages?: boolean; onCellProgress?: (done: number, total: number) => void } = {},
): Promise<PolicyPdfReading> {
  const textPages = opts.recognisePages ? (await readDocumentContent(bytes, "pdf")).pages : await readPdfPagesOffThread(bytes);
  const progress = cellProgressRecorder({ ...loadCellLimits(), ...opts.cellLimits }, opts.onCellProgress);
  const run = await recogniseRequirementCells(bytes, textPages, { focus: opts.focus, focusOnly: !!opts.focus, limits: opts.cellLimits, onProgress: progress.onCellProgress });
  return { pages: run.pages, reading: await readPolicyPages(run.pages), cells: { ...run.cells, leftByLimit: cellsLeftByLimit(run.pages, progress.run()) } };
}
