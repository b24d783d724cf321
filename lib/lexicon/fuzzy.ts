// Misspelt names in notes and forms ("Methylprednisone" for methylprednisolone, "Lamotrigene"): a long word
// within a small edit distance of exactly one vocabulary name is that name. Short words and words near two
// different entries (prednisone / prednisolone) are never guessed: a wrong drug is worse than an unknown one.
import { editDistance } from "./edit-distance";

/** Words shorter than this are never corrected (too many real words lie one edit from a short name). */
const MIN_LENGTH = 8;

/** Edits allowed for a word of this length: 1 up to 10 letters, 2 beyond. */
export const allowedEdits = (length: number) => (length < MIN_LENGTH ? 0 : length <= 10 ? 1 : 2);

/**
 * Edits allowed for a word read by text recognition (OCR confuses shapes: e/g, v/y, rn/m, l/1), one more than for a
 * word a person typed, and the first letter may be the misread one. Still only when exactly one name is that near.
 */
export const allowedRecognisedEdits = (length: number) => (length < MIN_LENGTH ? 0 : allowedEdits(length) + 1);

export interface ClosestNameOptions {
  /** The word was read by text recognition: `allowedRecognisedEdits`, and the first letter may differ. */
  recognised?: boolean;
}

/**
 * The one candidate a word is a misspelling of, or null: within the allowed edits of exactly one candidate key
 * (several names of one drug count once), same first letter, never an exact match (that is no misspelling).
 */
export function closestName<T>(word: string, candidates: readonly { name: string; value: T }[], opts: ClosestNameOptions = {}): T | null {
  const max = opts.recognised ? allowedRecognisedEdits(word.length) : allowedEdits(word.length);
  if (!max) return null;
  let found: T | null = null;
  for (const c of candidates) {
    if ((!opts.recognised && c.name[0] !== word[0]) || c.name.includes(" ") || c.name.length < MIN_LENGTH - 1) continue;
    const d = editDistance(word, c.name, max);
    if (d === 0) return null;
    if (d > max) continue;
    if (found !== null && found !== c.value) return null;
    found = c.value;
  }
  return found;
}
