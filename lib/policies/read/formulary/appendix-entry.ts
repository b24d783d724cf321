// Criteria a drug list keeps in an appendix, one entry per drug under its name ("Nexium (esomeprazole)" on a line of
// its own, then the criteria lines: sentences, or numbered items "1. ...; and"), which a bare PA or ST code on the
// drug's row points to. The entry is found by the row's drug names (every name the heading line gives is one of the
// row's), never by position, and ends at the next line that looks like such a heading (after a finished line) or at
// the end of the page.
import type { Quote } from "../../types";
import type { Line } from "./page-lines";
import { rowNames } from "./row-names";

export interface AppendixItem {
  /** The item's text without its number and trailing "; and" / "; or". */
  text: string;
  /** The item's lines, verbatim (one quote: its page's text with the line breaks as spaces). */
  quote: Quote;
  /** How the item is joined to the next: "or" makes the entry's items alternatives. */
  joiner: "and" | "or" | null;
}

export interface AppendixEntry {
  heading: Quote;
  items: AppendixItem[];
}

const NUMBERED = /^(?:\d{1,2}|[a-z])[.)]\s+/;
const ENDS_SENTENCE = /[.;:,]$/;
const lower = (s: string) => s.toLowerCase();

// Every row of a drug list asks every line whether it heads an entry: each line is answered once.
const headings = new WeakMap<Line, string[] | null>();

/** A line that can head an entry: one cell, a few words, no sentence punctuation at its end, not a numbered item. */
function headingNames(line: Line): string[] | null {
  if (!headings.has(line)) headings.set(line, readHeadingNames(line));
  return headings.get(line) ?? null;
}

function readHeadingNames(line: Line): string[] | null {
  if (line.cells.length !== 1 || line.boilerplate) return null;
  const text = line.text.trim();
  if (text.split(/\s+/).length > 8 || ENDS_SENTENCE.test(text) || NUMBERED.test(text)) return null;
  const { names, written } = rowNames(text, "");
  const bare = names.filter((n) => n !== written);
  return bare.length ? bare : names.length ? names : null;
}

const headingLines = new WeakMap<readonly Line[], { index: number; names: string[] }[]>();

/** The lines of a document that can head an entry, in order (found once per document, asked once per row). */
function headingLinesOf(lines: readonly Line[]): { index: number; names: string[] }[] {
  let found = headingLines.get(lines);
  if (!found) {
    found = lines.flatMap((line, index) => {
      const names = headingNames(line);
      return names ? [{ index, names }] : [];
    });
    headingLines.set(lines, found);
  }
  return found;
}

/** The entry of the drug whose row names are `names`, in lines not used by the drug list's rows. */
export function appendixEntryOf(names: readonly string[], lines: readonly Line[], tableLines: ReadonlySet<Line>): AppendixEntry | null {
  const mine = new Set(names.map(lower));
  if (!mine.size) return null;
  for (const { index: i, names: heading } of headingLinesOf(lines)) {
    const line = lines[i];
    if (tableLines.has(line) || !heading.every((n) => mine.has(lower(n)))) continue;
    const body: Line[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j];
      // A line after an unfinished one ("... or a" / "contraindication to it; and") continues it, whatever it names.
      const open = body.length > 0 && !/(?:[.;:]|\b(?:and|or))$/.test(body[body.length - 1].text.trim());
      if (next.page !== line.page || tableLines.has(next) || next.boilerplate || (!open && headingNames(next))) break;
      body.push(next);
    }
    if (!body.length) continue;
    return { heading: { page: line.page, text: line.text.trim() }, items: itemsOf(body) };
  }
  return null;
}

/** Numbered items, each with its wrapped lines; without numbers, the whole body is one item. */
function itemsOf(body: readonly Line[]): AppendixItem[] {
  const groups: Line[][] = [];
  for (const line of body) {
    if (!groups.length || NUMBERED.test(line.text.trim())) groups.push([line]);
    else groups[groups.length - 1].push(line);
  }
  return groups.map((group) => {
    const raw = group.map((l) => l.text.trim()).join(" ");
    const joiner = /;?\s+or$/i.test(raw) ? "or" : /;?\s+and$/i.test(raw) ? "and" : null;
    const text = raw.replace(NUMBERED, "").replace(/;?\s+(?:and|or)$/i, "").replace(/[;.]$/, "").trim();
    return { text, quote: { page: group[0].page, text: raw }, joiner };
  });
}
