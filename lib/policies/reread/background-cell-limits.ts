// The cell limits of a background re-read: many more cells, and much longer, than an upload request may take.
import { loadCellLimits, type CellLimits } from "@/lib/documents/recognise-cells-in-worker";
import { positiveEnv } from "@/lib/documents/read-limits";

export function backgroundCellLimits(): CellLimits {
  return {
    ...loadCellLimits(),
    maxCells: Math.floor(positiveEnv("PA_OCR_MAX_CELLS_BACKGROUND", 5000)),
    timeoutMs: positiveEnv("PA_OCR_CELLS_TIMEOUT_MS_BACKGROUND", 1_800_000),
  };
}
