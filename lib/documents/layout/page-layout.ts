// Where the cells of a page's text lines sit: what the layout model records beside the page text it builds.

/**
 * PDF pages only: where the cells of each text line sit, so extractors can tell a left-column label from a
 * right-column one. `lines[i]` belongs to line i of the page text (split on "\n"); `lines[i][j]` is [x0, x1] in pt
 * from the page's left edge of the j-th " | "-separated cell of that line.
 */
// A type alias, not an interface: stored pages are written to a JSON column, and only type literals convert to JSON.
export type PageLayout = {
  width: number;
  lines: [number, number][][];
};
