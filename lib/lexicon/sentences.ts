// Sentences and clauses of a written text, read outside brackets: the ONE scanner the policy readers split a
// paragraph, a title and a compound criterion with. A full stop or connector inside "(...)" or "[...]" ends nothing.

/** Calls `visit` with each index of the text outside brackets; `visit` may return how many further characters to skip. */
export function forEachOutsideBrackets(text: string, visit: (index: number) => number | void): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0) i += visit(i) || 0;
  }
}

export interface SentenceStopOptions {
  /** The characters that may end a sentence. */
  stops: string;
  /** What the two characters after a stop must look like (a space, then a capital). */
  next: RegExp;
}

/** Not the end of a sentence: a stop after "e.g.", "i.e.", "etc", "vs", "dr" or a single letter ("A. Smith"). */
const ABBREVIATION = /(?:e\.g|i\.e|etc|vs|dr|\b[a-z])$/;

/** Indexes of the stops that end a sentence, outside brackets, in order. */
export function sentenceStops(text: string, opts: SentenceStopOptions): number[] {
  const out: number[] = [];
  forEachOutsideBrackets(text, (i) => {
    if (!opts.stops.includes(text[i]) || !opts.next.test(text.slice(i + 1, i + 3))) return;
    if (!ABBREVIATION.test(text.slice(Math.max(0, i - 5), i).toLowerCase())) out.push(i);
  });
  return out;
}
