// Which policy check steps read the criterion a label says decides a case. Labels quote the criterion's words
// ("... Requirements/Limits: \"QL - 9 for 30 days supply\""); a step reads it when its policy quote and a quoted
// passage contain one another (case and spacing aside).
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
    return c.includes(q) || q.includes(c);
  });
}
