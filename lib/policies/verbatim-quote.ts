// Quotes are verbatim: a quote is a substring of its page's text after collapsing whitespace. Readers mark column
// gaps with " | " (lib/documents/read-pdf.ts), so a search tolerates separators between words and returns the
// page's own characters, separators included, never a rewording.
import type { Quote } from "./types";
import { escapeRegExp } from "@/lib/escape-reg-exp";

export const normalizeWhitespace = (text: string) => text.replace(/\s+/g, " ").trim();


/** Words of a text without column separators. */
const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w && w !== "|");

/** Where `text` stands in the page (whitespace and column separators ignored): the page's own wording, or null. */
export function findVerbatim(pageText: string, text: string): string | null {
  const page = normalizeWhitespace(pageText);
  const words = wordsOf(text);
  if (!words.length) return null;
  const plain = words.join(" ");
  if (page.includes(plain)) return plain;
  const pattern = words.map(escapeRegExp).join("(?: \\| | )");
  const match = new RegExp(pattern).exec(page) ?? new RegExp(pattern, "i").exec(page);
  return match ? match[0] : null;
}

/** True when the quote is found verbatim on its page. */
export function isVerbatim(pages: readonly { page: number; text: string }[], quote: Quote): boolean {
  const page = pages.find((p) => p.page === quote.page);
  return Boolean(page && quote.text && normalizeWhitespace(page.text).includes(normalizeWhitespace(quote.text)));
}

/**
 * A verbatim quote for `text`: on its page, else on another page; else the longest run of at least four of its words
 * that is verbatim on the page. Null when nothing of it is on the pages.
 */
export function repairQuote(pages: readonly { page: number; text: string }[], quote: Quote): Quote | null {
  const stated = pages.find((p) => p.page === quote.page);
  const order = stated ? [stated, ...pages.filter((p) => p !== stated)] : [...pages];
  for (const page of order) {
    const found = findVerbatim(page.text, quote.text);
    if (found) return { page: page.page, text: found };
  }
  if (!stated) return null;
  const words = wordsOf(quote.text);
  for (let length = words.length - 1; length >= Math.min(4, words.length); length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const found = findVerbatim(stated.text, words.slice(start, start + length).join(" "));
      if (found) return { page: stated.page, text: found };
    }
  }
  return null;
}

/** Readable text of a quote: column separators become plain spaces. */
export const readableText = (text: string) => normalizeWhitespace(text.replace(/\s\|\s/g, " "));
