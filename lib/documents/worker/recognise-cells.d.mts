/** A table cell to recognise: line `line` of page `page`'s text, cell `cell` of it (null: the line has no cell there). */
export interface CellToRecognise {
  page: number;
  line: number;
  cell: number | null;
  /** The line's first cell as the text layer has it: its left edge (pt) and text. */
  anchor: { x0: number; text: string };
  /** Lines of the page with the same anchor above this one. */
  occurrence: number;
  /** The column's left and right edge (pt from the page's left edge). */
  x0: number;
  x1: number;
}

/** What recognition gave: the text ("" for an empty cell) and its confidence (0-100), or null and the reason. */
export type RecognisedCell = CellToRecognise & ({ text: string; confidence: number; reason?: undefined } | { text: null; reason: string; confidence?: undefined });

export const CELL_DPI: number;
export function recogniseCells(
  doc: unknown,
  cells: readonly CellToRecognise[],
  opts: { maxCells: number; deadline: number; onCell?: (done: number, total: number) => void; OPS: Record<string, number> },
): Promise<RecognisedCell[]>;
