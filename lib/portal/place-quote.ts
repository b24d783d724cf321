// Where a quote stands among a drawn page's text runs (pdf.js text items), so the viewer marks it on the page itself.
// A quote from a table ("CNS-LS | 08/29/2025 | 21") is placed cell by cell: each cell's words in order, all on the
// row of the first (the reader's " | " is no text of the page). Pure: runs in, character slices of runs out.
import { quoteCells } from "@/lib/documents/table-quote";

export interface TextRun { str: string; y: number; height: number; hasEOL?: boolean }
/** Characters `from`..`to` of run `run`. */
export interface RunSlice { run: number; from: number; to: number }

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const patternOf = (text: string) => {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length ? new RegExp(words.map(escape).join("\\s*"), "gi") : null;
};

/** The slices of runs a quote covers, every cell placed; [] when the page's text does not say it. */
export function placeQuote(runs: readonly TextRun[], quote: string): RunSlice[] {
  let full = "";
  const spans: { start: number; end: number; run: number }[] = [];
  runs.forEach((r, i) => {
    if (!r.str) return;
    spans.push({ start: full.length, end: full.length + r.str.length, run: i });
    full += r.str + (r.hasEOL ? "\n" : " ");
  });
  const slicesOf = (from: number, to: number): RunSlice[] =>
    spans.filter((s) => s.end > from && s.start < to).map((s) => ({ run: s.run, from: Math.max(0, from - s.start), to: Math.min(s.end, to) - s.start }));
  const cells = (quoteCells(quote) ?? [quote]).map(patternOf);
  if (!cells.length || cells.some((c) => !c)) return [];
  const [first, ...rest] = cells as RegExp[];
  for (const start of full.matchAll(first)) {
    const placed = slicesOf(start.index, start.index + start[0].length);
    if (!placed.length) continue;
    const row = runs[placed[0].run];
    const sameRow = (slices: RunSlice[]) => slices.every((s) => Math.abs(runs[s.run].y - row.y) <= Math.max(row.height, 2) * 0.6);
    let at = start.index + start[0].length;
    let ok = true;
    for (const cell of rest) {
      cell.lastIndex = at;
      let found: RunSlice[] | null = null;
      for (let m = cell.exec(full); m; m = cell.exec(full)) {
        const slices = slicesOf(m.index, m.index + m[0].length);
        if (sameRow(slices)) {
          found = slices;
          at = m.index + m[0].length;
          break;
        }
      }
      if (!found) {
        ok = false;
        break;
      }
      placed.push(...found);
    }
    if (ok) return placed;
  }
  return [];
}
