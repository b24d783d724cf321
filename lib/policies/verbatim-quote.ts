// Quotes are verbatim: a quote is a substring of its page's text after collapsing whitespace. Readers mark column
// gaps with " | " (lib/documents/read-pdf.ts), so a search tolerates separators between words and returns the
// page's own characters, separators included, never a rewording.
// A table cell's sentence wrapped over several lines stands on the page between its neighbours' cells ("Initial:
// diagnosis of ... primary or | ... \n Information | hypogonadal osteoporosis ..."): such a quote is verbatim when it
// runs to the end of its cell on one line and goes on at the start of a cell of the next line (column-continued),
// the page's own words in the page's own order, nothing left out or added.
import type { Quote } from "./types";
import { escapeRegExp } from "@/lib/escape-reg-exp";

export const normalizeWhitespace = (text: string) => text.replace(/\s+/g, " ").trim();


/** Words of a text without column separators. */
const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w && w !== "|");

/** Where `text` stands in the page (whitespace and column separators ignored, or continued down a column): the page's own wording, or null. */
export function findVerbatim(pageText: string, text: string): string | null {
  const page = normalizeWhitespace(pageText);
  const words = wordsOf(text);
  if (!words.length) return null;
  const plain = words.join(" ");
  if (page.includes(plain)) return plain;
  const pattern = words.map(escapeRegExp).join("(?: \\| | )");
  const match = new RegExp(pattern).exec(page) ?? new RegExp(pattern, "i").exec(page);
  return match ? match[0] : findColumnContinued(pageText, words);
}

/** The page's lines, each as its cells' words (cells are cut at the " | " column separators); the last page's kept, as quotes are sought page by page. */
let lastCells: { pageText: string; lines: string[][][] } | null = null;
function cellsByLine(pageText: string): string[][][] {
  if (lastCells?.pageText === pageText) return lastCells.lines;
  const lines = pageText
    .split("\n")
    .map((line) => line.split(/\s\|\s/).map((cell) => wordsOf(cell)).filter((cell) => cell.length))
    .filter((cells) => cells.length);
  lastCells = { pageText, lines };
  return lines;
}

/**
 * `words` continued down a column: from some word of a cell to that cell's end, then from the start of a cell of
 * the next line, and so on (at least two lines). The pieces as the page prints them, joined by a space, or null.
 */
export function findColumnContinued(pageText: string, words: readonly string[]): string | null {
  if (words.length < 2) return null;
  const lines = cellsByLine(pageText);
  const follow = (lineIndex: number, cell: readonly string[], from: number, matched: number, pieces: string[]): string | null => {
    const take = Math.min(cell.length - from, words.length - matched);
    for (let i = 0; i < take; i++) if (cell[from + i] !== words[matched + i]) return null;
    const piece = cell.slice(from, from + take).join(" ");
    const done = matched + take;
    if (done === words.length) return pieces.length ? [...pieces, piece].join(" ") : null;
    if (from + take < cell.length || lineIndex + 1 >= lines.length) return null;
    for (const next of lines[lineIndex + 1]) {
      const found = next[0] === words[done] ? follow(lineIndex + 1, next, 0, done, [...pieces, piece]) : null;
      if (found) return found;
    }
    return null;
  };
  for (let l = 0; l < lines.length; l++) {
    for (const cell of lines[l]) {
      for (let from = 0; from < cell.length; from++) {
        if (cell[from] !== words[0]) continue;
        const found = follow(l, cell, from, 0, []);
        if (found) return found;
      }
    }
  }
  return null;
}

/** True when the quote is found verbatim on its page (in one run, or continued down a table column). */
export function isVerbatim(pages: readonly { page: number; text: string }[], quote: Quote): boolean {
  const page = pages.find((p) => p.page === quote.page);
  if (!page || !quote.text) return false;
  return normalizeWhitespace(page.text).includes(normalizeWhitespace(quote.text)) || findColumnContinued(page.text, wordsOf(quote.text)) !== null;
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
