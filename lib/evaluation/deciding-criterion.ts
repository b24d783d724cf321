// Which policy check steps read the criterion a label says decides a case. Labels quote the criterion's words
// ("... Requirements/Limits: \"QL - 9 for 30 days supply\""); a step reads it when its policy quote and a quoted
// passage contain one another (case and spacing aside), or when the quote holds the passage's words in order with
// only other columns' cells between them: a row quote of a table whose name column wraps beside the criterion
// is verbatim page text and interleaves that column's cells ("ST - Claims for formulary Brand mg oral tablet) |
// Antihyperlipidemics will process ...").
import { normalizeWhitespace } from "@/lib/policies/verbatim-quote";

/** The passages a label quotes ("..."), at least 8 characters each. */
export function quotedPassages(text: string): string[] {
  return [...text.matchAll(/"([^"]{8,})"/g)].map((m) => m[1]);
}

const comparable = (s: string) => normalizeWhitespace(s.toLowerCase().replace(/[\u2018\u2019\u201c\u201d"'.,;:()]/g, " "));

/** True when a step's policy quote is (part of) one of the passages, or holds one of them. */
export function readsPassage(stepQuote: string, passages: readonly string[]): boolean {
  const q = comparable(stepQuote);
  if (q.length < 6) return false;
  return passages.some((p) => {
    const c = comparable(p);
    return c.includes(q) || q.includes(c) || interleaves(stepQuote, c);
  });
}

/**
 * True when the passage's words stand in the quote in order and every run of other words between them touches a
 * " | " column separator (another column's cell on a wrapped line), never a run inside the passage's own cell.
 */
function interleaves(stepQuote: string, passage: string): boolean {
  const want = passage.split(" ").filter(Boolean);
  if (want.length < 4 || !stepQuote.includes(" | ")) return false;
  // The quote as words, each marked when a column separator stands right before it.
  const quote: { word: string; cellStart: boolean }[] = [];
  for (const [i, cell] of stepQuote.split(/\s\|\s/).entries()) {
    comparable(cell).split(" ").filter(Boolean).forEach((word, j) => quote.push({ word, cellStart: j === 0 && i > 0 }));
  }
  const boundary = (at: number) => at === 0 || at === quote.length || quote[at].cellStart;
  // Matches want[w..] from quote[q..]; a skipped run quote[q..to) must start or end at a cell boundary.
  const memo = new Map<number, boolean>();
  const match = (w: number, q: number): boolean => {
    if (w === want.length) return true;
    const key = w * (quote.length + 1) + q;
    if (memo.has(key)) return memo.get(key)!;
    let found = false;
    for (let to = q; to < quote.length && !found; to++) {
      if (quote[to].word !== want[w]) continue;
      if (to > q && w > 0 && !boundary(q) && !boundary(to)) continue;
      found = match(w + 1, to + 1);
    }
    memo.set(key, found);
    return found;
  };
  return match(0, 0);
}
