// Matching criterion sentences by their words (pure), for the reading stage of the evaluation: a sentence the reader
// took from the PDF against the sentence a clinical admin published (criteria/NNN.json).
//
// Definition (the figures depend on it exactly):
// - normalised words: the text lower-cased, accents and marks (®, ™, †, §) dropped, every run of characters other
//   than letters and digits a word break ("Study-Lability" and "StudyLability" differ: a lost hyphen is a reading
//   error the figure shows), list markers of one letter or number in parentheses ("(A)", "(1)") dropped;
// - overlap of two sentences: the Dice coefficient of their word multisets, 2·|A ∩ B| / (|A| + |B|);
// - two sentences match when their overlap is at least MATCH_OVERLAP (0.8): the same sentence with a few words lost
//   or added, not a sentence merged with another of similar length (that is at most about 0.67) nor a fragment of
//   one (half a sentence is 0.67);
// - one to one: the pairs are taken greedily by decreasing overlap, each sentence used once;
// - recall = published sentences matched / published sentences; precision = read sentences matched / read sentences.
//   Sentences are deduplicated by their normalised words first (sections of a document repeat rows: Prescriber,
//   Exclusion and Other Criteria are printed once but stand in both the initial and the continuation section).

export const MATCH_OVERLAP = 0.8;

/** The sentence's normalised words (see the definition above). */
export function normalisedWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Dice coefficient of the two word multisets (0 when either is empty). */
export function wordOverlap(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

export interface SentencePair<P, R> {
  published: P;
  read: R;
  overlap: number;
}

export interface SentenceMatching<P, R> {
  pairs: SentencePair<P, R>[];
  /** Published sentences no read sentence matches (missed). */
  unmatchedPublished: P[];
  /** Read sentences no published sentence matches (extra, merged or cut). */
  unmatchedRead: R[];
}

/** Sentences deduplicated by their normalised words, in their first order. */
export function distinctSentences<T>(items: readonly T[], textOf: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normalisedWords(textOf(item)).join(" ");
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One-to-one matching of published against read sentences (see the definition above). */
export function matchSentences<P, R>(published: readonly P[], read: readonly R[], textOfPublished: (p: P) => string, textOfRead: (r: R) => string): SentenceMatching<P, R> {
  const pWords = published.map((p) => normalisedWords(textOfPublished(p)));
  const rWords = read.map((r) => normalisedWords(textOfRead(r)));
  const candidates: { i: number; j: number; overlap: number }[] = [];
  pWords.forEach((a, i) =>
    rWords.forEach((b, j) => {
      const overlap = wordOverlap(a, b);
      if (overlap >= MATCH_OVERLAP) candidates.push({ i, j, overlap });
    }),
  );
  // Best overlap first; ties in document order, so the result does not depend on the sort's stability.
  candidates.sort((x, y) => y.overlap - x.overlap || x.i - y.i || x.j - y.j);
  const usedP = new Set<number>();
  const usedR = new Set<number>();
  const pairs: SentencePair<P, R>[] = [];
  for (const c of candidates) {
    if (usedP.has(c.i) || usedR.has(c.j)) continue;
    usedP.add(c.i);
    usedR.add(c.j);
    pairs.push({ published: published[c.i], read: read[c.j], overlap: Math.round(c.overlap * 1000) / 1000 });
  }
  return { pairs, unmatchedPublished: published.filter((_, i) => !usedP.has(i)), unmatchedRead: read.filter((_, j) => !usedR.has(j)) };
}
