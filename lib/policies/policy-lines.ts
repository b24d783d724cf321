// A policy's pages as lines, without what repeats on every page: running headers and footers and page numbers at the
// pages' edges (lib/documents/layout/running-lines.ts). A line keeps its page, so criteria read from it can be quoted
// from that page.
import { lineKey, runningLines } from "@/lib/documents/layout/running-lines";
import { readableText } from "./verbatim-quote";

export interface PolicyLine {
  page: number;
  /** 0-based index among the page's lines. */
  index: number;
  /** As the page text has it. */
  raw: string;
  /** Column separators gone, whitespace collapsed. */
  text: string;
}

/** Lines of every page with running headers, footers and page numbers left out (and returned apart). */
export function policyLines(pages: readonly { page: number; text: string }[]): { lines: PolicyLine[]; removed: PolicyLine[] } {
  const all = pages.flatMap((p) =>
    p.text
      .split("\n")
      .map((raw, index) => ({ page: p.page, index, raw, text: readableText(raw) }))
      .filter((l) => l.text && l.text !== "|"),
  );
  const { edge } = runningLines(pages);
  const running = (l: PolicyLine) => edge.has(lineKey(l.page, l.index));
  return { lines: all.filter((l) => !running(l)), removed: all.filter(running) };
}
