import type { PageLayout } from "@/lib/documents/layout/page-layout";
// Test pages as the PDF reader stores them: lines of " | "-separated cells, each cell with its [x0, x1] in pt.

export type FixtureRow = [text: string, x: number][];

/** A page from rows of [cell text, x0]; a cell is 5 pt per character wide. */
export function layoutPage(rows: FixtureRow[]): { page: number; text: string; layout: PageLayout } {
  return {
    page: 1,
    text: rows.map((cells) => cells.map(([t]) => t).join(" | ")).join("\n"),
    layout: { width: 612, lines: rows.map((cells) => cells.map(([t, x]) => [x, x + t.length * 5] as [number, number])) },
  };
}
