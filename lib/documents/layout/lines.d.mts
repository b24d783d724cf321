import type { PageLayout } from "./page-layout";

/** A run of text at a position: x, y of the baseline start (pt, origin bottom left), width and font size. */
export interface TextPiece {
  x: number;
  y: number;
  width: number;
  size: number;
  str: string;
}

export interface PdfLine {
  text: string;
  /** [x0, x1] of each " | "-separated cell of `text`. */
  cells: [number, number][];
}

/** A recognised word: [x0, y0, x1, y1, text], pt from the page's top left. */
export type WordBox = [number, number, number, number, string];

export const COLUMN_GAP: number;
export const BASELINE_TOLERANCE: number;
export const ALIGN_TOLERANCE: number;
export function round(n: number): number;
export function linesFromPieces(pieces: readonly TextPiece[]): PdfLine[];
export function piecesFromWords(words: readonly WordBox[], pageHeight: number): TextPiece[];
export function pageFromPieces(page: number, pieces: readonly TextPiece[], width: number): { page: number; text: string; layout: PageLayout };
