// Where a quote stands on a recognised page image: the word boxes text recognition kept (pt from the top left of the
// upright page, 612 pt wide), matched word by word and turned back to the page as it is drawn.

export type RecognisedWord = [number, number, number, number, string];
export interface Recognition { confidence: number; rotation: number; words: RecognisedWord[] }
/** A box in fractions of the drawn page (0-1 from its top left). */
export interface PageBox { left: number; top: number; width: number; height: number }

import { quoteCells } from "@/lib/documents/table-quote";

const PAGE_WIDTH_PT = 612;
const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Where the words `wanted` are recognised in order from word `i` (empty recognised words skipped): the end, or -1. */
function runFrom(folded: string[], i: number, wanted: string[]): number {
  let at = i;
  for (const word of wanted) {
    while (at < folded.length && !folded[at]) at++;
    if (at >= folded.length || folded[at] !== word) return -1;
    at++;
  }
  return at;
}

/**
 * The first run of recognised words that spells the quote's words in order (punctuation and case aside). A quote from
 * a table ("CNS-LS | 08/29/2025 | 21") is found cell by cell, each cell on the row of the first.
 */
function matchingRun(words: RecognisedWord[], quote: string): RecognisedWord[] {
  const cells = (quoteCells(quote) ?? [quote]).map((c) => c.split(/\s+/).map(fold).filter(Boolean)).filter((c) => c.length);
  if (!cells.length) return [];
  const folded = words.map((w) => fold(w[4]));
  const sameRow = (a: RecognisedWord, b: RecognisedWord) => Math.abs((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) <= Math.max(a[3] - a[1], 2) * 0.6;
  for (let i = 0; i < words.length; i++) {
    let end = runFrom(folded, i, cells[0]);
    if (end < 0) continue;
    const found = words.slice(i, end).filter((_, k) => folded[i + k]);
    let ok = true;
    for (const cell of cells.slice(1)) {
      let j = end;
      let next = -1;
      for (; j < words.length; j++) {
        next = runFrom(folded, j, cell);
        if (next >= 0 && sameRow(words[j], words[i])) break;
        next = -1;
      }
      if (next < 0) {
        ok = false;
        break;
      }
      found.push(...words.slice(j, next).filter((_, k) => folded[j + k]));
      end = next;
    }
    if (ok) return found;
  }
  return [];
}

/** A point of the upright page (fractions) on the page as drawn, which the reader turned `rotation` degrees clockwise. */
function unturn(u: number, v: number, rotation: number): [number, number] {
  if (rotation === 90) return [v, 1 - u];
  if (rotation === 180) return [1 - u, 1 - v];
  if (rotation === 270) return [1 - v, u];
  return [u, v];
}

/**
 * Boxes around the quote on the drawn page, one per recognised word. `aspect` is the drawn page's height over its
 * width. None when the quote is not among the recognised words.
 */
export function recognisedQuoteBoxes(recognition: Recognition, quote: string, aspect: number): PageBox[] {
  const quarter = recognition.rotation === 90 || recognition.rotation === 270;
  const uprightHeight = PAGE_WIDTH_PT * (quarter ? 1 / aspect : aspect);
  return matchingRun(recognition.words, quote).map(([x0, y0, x1, y1]) => {
    const [ax, ay] = unturn(x0 / PAGE_WIDTH_PT, y0 / uprightHeight, recognition.rotation);
    const [bx, by] = unturn(x1 / PAGE_WIDTH_PT, y1 / uprightHeight, recognition.rotation);
    return { left: Math.min(ax, bx), top: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
  });
}
