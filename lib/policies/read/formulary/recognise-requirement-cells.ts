// A drug list's requirement cells that have no usable text layer, read from the page image: which cells
// (cells-to-recognise.ts), their recognition in a worker thread with a per-document cell cap and time limit
// (lib/documents/recognise-cells-in-worker.ts), and the recognised text put into the pages the reader reads
// (recognised-cells.ts). Documents that are no drug list, or have no such cells, come back unchanged.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { recogniseCellsInWorker, type CellLimits, type RecognisedCell } from "@/lib/documents/recognise-cells-in-worker";
import { cellsToRecognise } from "./cells-to-recognise";
import { detectFormulary } from "./detect";
import { isGarbled } from "./read-tables";
import { withRecognisedCells, type PageWithCells } from "./recognised-cells";

/** The score at which a document is read as a formulary (read-policy-document.ts). */
const FORMULARY_SCORE = 0.5;

export interface RequirementCellsRun {
  pages: PageWithCells[];
  /** Cells asked for, cells that gave text (trusted or not), and cells of symbols left unread. */
  cells: { asked: number; recognised: number; unread: number };
  ms: number;
}

function hasImageObject(bytes: Uint8Array): boolean {
  return /\/Subtype\s*\/Image\b/.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
}

export async function recogniseRequirementCells(
  bytes: Uint8Array,
  pages: readonly PdfPage[],
  opts: { focus?: readonly string[]; focusOnly?: boolean; limits?: Partial<CellLimits>; onProgress?: (done: number, total: number) => void } = {},
): Promise<RequirementCellsRun> {
  const t0 = performance.now();
  const none = { pages: [...pages], cells: { asked: 0, recognised: 0, unread: 0 }, ms: 0 };
  // An empty cell is read only as an image: a file without any image object has none to read (an image's dictionary
  // is never inside a compressed object stream, so the raw bytes show it). Without symbols either, nothing to read.
  const images = hasImageObject(bytes);
  if (!images && !pages.some((p) => p.text.split("\n").some(isGarbled))) return none;
  if (detectFormulary(pages) < FORMULARY_SCORE) return none;
  const found = cellsToRecognise(pages, opts);
  const cells = images ? found.cells : found.cells.filter((c) => c.cell !== null);
  const leftOut = images ? found.leftOut : found.leftOut.filter((c) => c.cell !== null);
  const read = await recogniseCellsInWorker(bytes, cells, { limits: opts.limits, onProgress: opts.onProgress });
  const skipped: RecognisedCell[] = leftOut.map((c) => ({ ...c, text: null, reason: "only the requested drug's rows were recognised for this check" }));
  const results = [...read, ...skipped];
  return {
    pages: withRecognisedCells(pages, results),
    cells: { asked: cells.length, recognised: read.filter((r) => r.text).length, unread: results.filter((r) => r.text === null && r.cell !== null).length },
    ms: Math.round(performance.now() - t0),
  };
}
