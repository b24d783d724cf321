// Drug lists printed in panels: two (or three) lists side by side on a page, each under its own copy of the header
// ("Drug Name | Tier | Requirements/Limits | Drug Name | Tier | Requirements/Limits"). Read across, a line joins a
// drug of the left list with one of the right, so a row would bind two drugs to one section. A page whose header row
// repeats its column kinds is cut at each repeat's left edge: the left panel's lines first, then the next panel's,
// each line keeping only its own cells (a run of the page line's cells, so its text is still the page's text).
import type { Line } from "./page-lines";
import { headerColumns } from "./read-tables";

/** A panel's line: the page line's cells from `firstCell` on (recognised-cell marks count cells of the whole line). */
export type PanelLine = Line & { firstCell?: number };

const TOLERANCE = 6;

/** The left edges of the panels a header row names, when its column kinds repeat (at least 2 columns a panel). */
export function panelStarts(line: Line): number[] | null {
  const columns = headerColumns(line);
  if (!columns || columns.length < 4) return null;
  const kinds = columns.map((c) => c.kind);
  for (let period = 2; period * 2 <= kinds.length; period++) {
    if (kinds.length % period !== 0) continue;
    if (kinds.every((k, i) => k === kinds[i % period]) && new Set(kinds.slice(0, period)).size === period) {
      return columns.filter((_, i) => i % period === 0).map((c) => c.x0);
    }
  }
  return null;
}

/** The lines of a page in reading order: a panelled page's panels one after the other. */
export function splitPanels(lines: readonly Line[]): PanelLine[] {
  const out: PanelLine[] = [];
  const pages = [...new Set(lines.map((l) => l.page))];
  for (const page of pages) {
    const own = lines.filter((l) => l.page === page);
    const at = own.findIndex((l) => !l.boilerplate && panelStarts(l) !== null);
    if (at < 0) {
      out.push(...own);
      continue;
    }
    const starts = panelStarts(own[at]) as number[];
    const bounds = starts.map((x, i) => [x - TOLERANCE, i + 1 < starts.length ? starts[i + 1] - TOLERANCE : Infinity] as const);
    const panels: PanelLine[][] = starts.map(() => []);
    const whole: PanelLine[] = [];
    out.push(...own.slice(0, at));
    for (const line of own.slice(at)) {
      // A line running across panels (a footer, a note under the page) stays whole, after the panels.
      const crosses = line.cells.some((c) => bounds.some(([lo, hi]) => c.x0 >= lo && c.x0 < hi && c.x1 > hi + TOLERANCE));
      if (line.boilerplate || crosses) {
        whole.push(line);
        continue;
      }
      bounds.forEach(([lo, hi], p) => {
        const first = line.cells.findIndex((c) => c.x0 >= lo && c.x0 < hi);
        if (first < 0) return;
        let last = first;
        while (last + 1 < line.cells.length && line.cells[last + 1].x0 < hi) last++;
        const cells = line.cells.slice(first, last + 1);
        const part: PanelLine = { ...line, text: cells.map((c) => c.text).join(" | "), cells };
        if (first > 0) part.firstCell = first;
        panels[p].push(part);
      });
    }
    out.push(...panels.flat(), ...whole);
  }
  return out;
}
