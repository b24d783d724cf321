// Lines a person would read, from positioned text pieces: pieces grouped by baseline and sorted by x, column gaps
// marked with " | ". Plain JavaScript (with a .d.mts beside it) because the document-reading worker thread loads it
// at run time without a bundler or TypeScript; the web process and the tests import the same file.
// In stream order, filled forms print every label first and every value later; positions keep a label and its value
// on one line. Text recognition (OCR) feeds its word boxes through the same function, so form and table readers see
// one shape whatever the source.

/** Items farther apart than this (pt) are in different columns. */
export const COLUMN_GAP = 12;
/** Items whose baselines differ by less than this share of the font height are on one line. */
export const BASELINE_TOLERANCE = 0.6;
const SEPARATOR = " | ";

export const round = (n) => Math.round(n * 10) / 10;
const isRule = (s) => /^[_\s.]{3,}$/.test(s) && s.includes("_");
const endsWithRule = (s) => /_{3,}\s*$/.test(s);

/**
 * A piece that starts where a cell of a neighbouring table row starts (within this many pt) starts a cell of its own,
 * even closer than a column gap to the piece before it: a table's columns are aligned, and a heading or value set
 * tight against the next column ("Quantity / days supply" then "Start date") still belongs to its own column.
 */
export const ALIGN_TOLERANCE = 1;
/** Rows this many lines up or down (and within this many line heights) are the neighbours whose cells align. */
const ALIGN_ROWS = 3;
const ALIGN_HEIGHTS = 4;

/** A line's pieces (sorted by x) joined into cells: split at column gaps, rules, and `columnStarts` (see ALIGN_TOLERANCE). */
function cellsOf(items, columnStarts) {
  const cells = [];
  let previous = null;
  for (const item of items) {
    const cell = cells[cells.length - 1];
    const end = cell ? cell.x1 : -Infinity;
    const gap = item.x - end;
    // A value typed over a form's "_____" rule starts a cell of its own, as does anything past a column gap.
    const overRule = previous !== null && endsWithRule(previous.str) && gap < 0 && !isRule(item.str);
    const aligned = gap > item.size * 0.15 && columnStarts.some((x) => Math.abs(item.x - x) <= ALIGN_TOLERANCE);
    if (!cell || gap > COLUMN_GAP || overRule || aligned) {
      cells.push({ text: item.str, x0: item.x, x1: item.x + item.width });
    } else {
      const needsSpace = (gap > item.size * 0.15 || gap < -item.size * 0.5) && !cell.text.endsWith(" ") && !item.str.startsWith(" ");
      cell.text += (needsSpace ? " " : "") + item.str;
      cell.x1 = Math.max(cell.x1, item.x + item.width);
    }
    previous = item;
  }
  return (
    cells
      // A literal " | " inside an item would shift the cells: write it as " / ".
      .map((c) => ({ ...c, text: c.text.replace(/\s+/g, " ").replace(/ \| /g, " / ").trim() }))
      .filter((c) => c.text)
  );
}

/**
 * Groups pieces into lines (top to bottom) and joins each line left to right, cells split at column gaps and, in rows
 * of a table, where the neighbouring rows' cells start. Pure.
 */
export function linesFromPieces(pieces) {
  const sorted = pieces.filter((p) => p.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const groups = [];
  for (const piece of sorted) {
    const line = groups[groups.length - 1];
    if (line && Math.abs(line.y - piece.y) <= BASELINE_TOLERANCE * Math.max(line.size, piece.size, 6)) {
      line.items.push(piece);
      line.size = Math.max(line.size, piece.size);
    } else {
      groups.push({ y: piece.y, size: piece.size, items: [piece] });
    }
  }
  for (const group of groups) group.items.sort((a, b) => a.x - b.x);
  const rows = groups.map((group) => ({ ...group, cells: cellsOf(group.items, []) })).filter((row) => row.cells.length);
  const lines = [];
  rows.forEach((row, i) => {
    let cells = row.cells;
    if (cells.length >= 2) {
      // Rows of a table: where the cells of the rows around this one start.
      const starts = rows
        .filter((other, j) => j !== i && Math.abs(j - i) <= ALIGN_ROWS && other.cells.length >= 2 && Math.abs(other.y - row.y) <= ALIGN_HEIGHTS * Math.max(row.size, other.size, 6))
        .flatMap((other) => other.cells.map((c) => c.x0));
      if (starts.length) cells = cellsOf(row.items, starts);
    }
    lines.push({ text: cells.map((c) => c.text).join(SEPARATOR), cells: cells.map((c) => [round(c.x0), round(c.x1)]) });
  });
  return lines;
}

/**
 * Recognised words ([x0, y0, x1, y1, text] in pt from the page's top left, as OCR boxes are) as text pieces in PDF
 * space (origin bottom left, y on the baseline), so linesFromPieces builds the same lines and cells as from pdf.js.
 */
export function piecesFromWords(words, pageHeight) {
  return words.map(([x0, y0, x1, y1, str]) => ({ x: x0, y: pageHeight - y1, width: Math.max(0, x1 - x0), size: Math.max(1, y1 - y0), str }));
}

/** A page ({page, text, layout}) from positioned pieces. */
export function pageFromPieces(page, pieces, width) {
  const lines = linesFromPieces(pieces);
  return { page, text: lines.map((l) => l.text).join("\n"), layout: { width: round(width), lines: lines.map((l) => l.cells) } };
}
