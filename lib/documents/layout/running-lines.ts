// The one detector of what repeats on a document's pages and is not its content: running headers and footers
// ("Page 2 of 6 - Cigna National Formulary ...", "© 2024 UnitedHealthcare Services, Inc.", "Formulary ID | 60") and
// page numbers. Every reader asks it; each names which of its findings it leaves out:
// - at the page's edges (`edge`): page markers and lines standing at the same edge on enough pages, peeled from the
//   top and bottom repeatedly. What prose readers leave out: a list item that happens to repeat in the middle of a page
//   is content.
// - anywhere (`repeated`): page numbers, and lines (or footers with their page number cell) printed on a share of the
//   pages wherever they stand. What table readers leave out: a table's header row, legend and column footer repeat on
//   every page at varying heights. A table reader that needs the header's column names still reads them (the line
//   is marked, not dropped).
// Pure: page text in (lines split on "\n", cells on " | "), line keys out.

export interface PageText {
  page: number;
  text: string;
}

/** A line of a page: its page and its 0-based index among the page text's "\n"-separated lines. */
export const lineKey = (page: number, index: number) => `${page}:${index}`;

export interface RunningLines {
  /** Page markers and running lines at the pages' edges. */
  edge: Set<string>;
  /** Page numbers and lines repeated on many pages, wherever they stand. */
  repeated: Set<string>;
}

const CELL_SEPARATOR = " | ";
const readable = (text: string) => text.replace(/\s\|\s/g, " ").replace(/\s+/g, " ").trim();

// Edge scope.
const PAGE_NUMBER = /^(?:-\s*)?(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?(?:\s*-)?$/i;
const PAGE_OF = /\bpage\s+\d{1,4}\s+of\s+\d{1,4}\b|^\d{1,4}\s+pages?\b/i;
/** Lines looked at, at each edge, for a page marker. */
const EDGE = 3;
/** Lines that are content wherever they stand: list items and approval durations repeat at page edges by chance. */
const NEVER_RUNNING = /^(?:\(?[0-9a-zA-Z]{1,4}[.)]\s|[•●○▪■-]\s|(?:initial |re-?)?(?:authori[sz]ation|approval)\b.*\b(?:months?|years?|weeks?|days?)\b)/i;

// Anywhere scope.
/** A line repeated on at least this share of pages (and on 3 or more) is a running header or footer. */
const REPEATED_SHARE = 0.3;
const shapeOf = (text: string) => text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
const isPageNumber = (text: string) => /^(?:page\s+)?[#ivxlc]+(?:\s+of\s+#)?$/i.test(shapeOf(text)) && text.length <= 12;
const PAGE_NUMBER_CELL = /^page \d+(?: of \d+)?$/i;

interface PageLine {
  page: number;
  index: number;
  raw: string;
  text: string;
}

function linesOf(pages: readonly PageText[]): PageLine[][] {
  return pages.map((p) => p.text.split("\n").map((raw, index) => ({ page: p.page, index, raw, text: readable(raw) })));
}

/** Page markers and lines at the same edge on enough pages, peeled from each page's top and bottom. */
function edgeLines(pagesLines: readonly PageLine[][]): Set<PageLine> {
  const perPage = pagesLines.map((lines) => lines.filter((l) => l.text && l.text !== "|"));
  const removed = new Set<PageLine>();
  const pageCount = perPage.length;
  const isPageMarker = (l: PageLine) => PAGE_NUMBER.test(l.text) || PAGE_OF.test(l.text);
  const threshold = pageCount >= 3 ? Math.max(3, Math.ceil(pageCount * 0.5)) : pageCount === 2 ? 2 : Infinity;
  // Two pages: a running line repeats word for word (digits included), so "Approval duration: 6 months" / "12 months" stay.
  const exact = pageCount === 2;
  const key = (l: PageLine) => (exact ? l.text.toLowerCase() : l.text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim());
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
  return removed;
}

/** Page numbers, and lines (or footers but for their page number cell) printed on a share of the pages. */
function repeatedLines(perPage: readonly PageLine[][]): Set<PageLine> {
  const lines = perPage.flat().filter((l) => l.raw.trim());
  const pageCount = perPage.length;
  const threshold = Math.max(3, Math.ceil(pageCount * REPEATED_SHARE));
  const cellsOf = (l: PageLine) => l.raw.split(CELL_SEPARATOR).map((c) => c.trim());
  const pagesBy = (keyOf: (l: PageLine) => string | null) => {
    const out = new Map<string, Set<number>>();
    for (const line of lines) {
      const key = keyOf(line);
      if (key === null) continue;
      const set = out.get(key) ?? new Set<number>();
      set.add(line.page);
      out.set(key, set);
    }
    return out;
  };
  const lineShape = (l: PageLine) => shapeOf(l.raw);
  // The last cell of a footer line is often the page number ("Formulary ID | 60"): the rest of the line repeats.
  const footerShape = (l: PageLine) => {
    const cells = cellsOf(l);
    return cells.length > 1 ? shapeOf(cells.slice(0, -1).join(CELL_SEPARATOR)) : null;
  };
  const linePages = pagesBy(lineShape);
  const footerPages = pagesBy(footerShape);
  const out = new Set<PageLine>();
  for (const line of lines) {
    const cells = cellsOf(line);
    const count = linePages.get(lineShape(line))?.size ?? 0;
    const footer = footerShape(line);
    const repeatedFooter = footer !== null && pageCount >= 3 && (footerPages.get(footer)?.size ?? 0) >= threshold && isPageNumber(cells[cells.length - 1]);
    if (isPageNumber(line.raw) || cells.some((c) => PAGE_NUMBER_CELL.test(c)) || (pageCount >= 3 && count >= threshold) || repeatedFooter) out.add(line);
  }
  return out;
}

/** The running lines of a document's pages, by the scope each reader leaves out. */
export function runningLines(pages: readonly PageText[]): RunningLines {
  const perPage = linesOf(pages);
  const keys = (lines: Set<PageLine>) => new Set([...lines].map((l) => lineKey(l.page, l.index)));
  return { edge: keys(edgeLines(perPage)), repeated: keys(repeatedLines(perPage)) };
}
