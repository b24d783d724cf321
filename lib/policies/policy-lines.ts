// A policy's pages as lines, without what repeats on every page: running headers and footers ("Page 2 of 6 - Cigna
// National Formulary ...", "© 2024 UnitedHealthcare Services, Inc.") and page numbers. A line keeps its page, so
// criteria read from it can be quoted from that page.
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

const PAGE_NUMBER = /^(?:-\s*)?(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?(?:\s*-)?$/i;
const PAGE_OF = /\bpage\s+\d{1,4}\s+of\s+\d{1,4}\b|^\d{1,4}\s+pages?\b/i;
const EDGE = 3;

const keyOf = (text: string) => text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

/** Lines that are content wherever they stand: list items and approval durations repeat at page edges by chance. */
const NEVER_RUNNING = /^(?:\(?[0-9a-zA-Z]{1,4}[.)]\s|[•●○▪■-]\s|(?:initial |re-?)?(?:authori[sz]ation|approval)\b.*\b(?:months?|years?|weeks?|days?)\b)/i;

/** Lines of every page with running headers, footers and page numbers left out (and returned apart). */
export function policyLines(pages: readonly { page: number; text: string }[]): { lines: PolicyLine[]; removed: PolicyLine[] } {
  const perPage = pages.map((p) =>
    p.text
      .split("\n")
      .map((raw, index) => ({ page: p.page, index, raw, text: readableText(raw) }))
      .filter((l) => l.text && l.text !== "|"),
  );
  const removed = new Set<PolicyLine>();
  const isPageMarker = (l: PolicyLine) => PAGE_NUMBER.test(l.text) || PAGE_OF.test(l.text);
  const threshold = pages.length >= 3 ? Math.max(3, Math.ceil(pages.length * 0.5)) : pages.length === 2 ? 2 : Infinity;
  // Two pages: a running line repeats word for word (digits included), so "Approval duration: 6 months" / "12 months" stay.
  const exact = pages.length === 2;

  // Peel the edges of each page repeatedly: page markers at once, then lines that stand at the same edge on enough pages.
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const lines of perPage) {
      const kept = lines.filter((l) => !removed.has(l));
      for (const l of [...kept.slice(0, EDGE), ...kept.slice(-EDGE)]) {
        if (isPageMarker(l) && !removed.has(l)) {
          const pos = kept.indexOf(l);
          if (pos < EDGE || pos >= kept.length - EDGE) {
            removed.add(l);
            changed = true;
          }
        }
      }
    }
    const counts = { top: new Map<string, number>(), bottom: new Map<string, number>() };
    const edges = perPage.map((lines) => {
      const kept = lines.filter((l) => !removed.has(l));
      return { top: kept[0], bottom: kept[kept.length - 1] };
    });
    const key = (l: PolicyLine) => (exact ? l.text.toLowerCase() : keyOf(l.text));
    for (const e of edges) {
      if (e.top) counts.top.set(key(e.top), (counts.top.get(key(e.top)) ?? 0) + 1);
      if (e.bottom) counts.bottom.set(key(e.bottom), (counts.bottom.get(key(e.bottom)) ?? 0) + 1);
    }
    for (const e of edges) {
      if (e.top && !NEVER_RUNNING.test(e.top.text) && (counts.top.get(key(e.top)) ?? 0) >= threshold) {
        removed.add(e.top);
        changed = true;
      }
      if (e.bottom && e.bottom !== e.top && !NEVER_RUNNING.test(e.bottom.text) && (counts.bottom.get(key(e.bottom)) ?? 0) >= threshold) {
        removed.add(e.bottom);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const all = perPage.flat();
  return { lines: all.filter((l) => !removed.has(l)), removed: all.filter((l) => removed.has(l)) };
}
