// A Part D criteria book's pages -> its drug blocks: a block opens with the drug or group name and its "Products
// Affected" (or "Prior Authorization Group" / "Drug Names") and holds the fields that follow, headed in the left
// column (a heading may wrap over lines: "Required" / "Medical" / "Information") with their text in the right one.
// Blocks share pages and run on over page breaks; running headers and footers are left out.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { TextSegment } from "../criteria-table/text-criteria";
import { positionedLines, type Cell, type PositionedLine } from "../criteria-table/positioned-lines";
import { productEntries } from "./product-entries";
import { fieldOfHeading, isHeadingStart, leadingHeading, type PartDField } from "./fields";

export interface BlockField {
  field: PartDField;
  segments: TextSegment[];
}

export interface DrugBlock {
  title: string;
  titlePage: number;
  /** Products as written, one entry per product (a product wrapped over lines of its column is one entry). */
  products: string[];
  /** The product list's cells, line by line (with their left edges): the entries are read from them. */
  productLines: Cell[][];
  fields: BlockField[];
  pages: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};

/** Where the fields' text column starts: the left edge of the cell after a heading, on most heading lines. */
function detailColumn(lines: readonly PositionedLine[]): number | undefined {
  const edges = lines.flatMap((l) => (l.cells.length >= 2 && l.cells[1].x0 !== undefined && fieldOfHeading(l.cells[0].text) ? [l.cells[1].x0] : []));
  return median(edges);
}

const segmentOf = (line: PositionedLine, cells: Cell[]): TextSegment | null => {
  const text = cells.map((c) => c.text).join(" ").replace(/\s+/g, " ").trim();
  return text ? { page: line.page, text, x0: cells[0]?.x0, x1: cells[cells.length - 1]?.x1 } : null;
};

/** The drug blocks of a criteria book, in order. */
export function readBlocks(pages: readonly PdfPage[]): DrugBlock[] {
  const lines = positionedLines(pages);
  const detailX = detailColumn(lines);
  const blocks: DrugBlock[] = [];
  let block: DrugBlock | null = null;
  let field: BlockField | null = null;
  let products = false;
  let pending: { text: string; segments: TextSegment[] } | null = null;
  let loose: { text: string; page: number; at: number } | null = null;

  const openBlock = (title: string, page: number) => {
    block = { title, titlePage: page, products: [], productLines: [], fields: [], pages: [page] };
    blocks.push(block);
    field = null;
    products = false;
  };
  let lastDetail: { at: number; field: BlockField; segment: TextSegment } | null = null;
  let at = 0;
  let orphan: { text: string; page: number; at: number } | null = null;
  const addDetail = (segment: TextSegment | null, cells: Cell[]) => {
    if (segment && !block) orphan = { text: segment.text, page: segment.page, at };
    if (!segment || !block) return;
    if (!block.pages.includes(segment.page)) block.pages.push(segment.page);
    if (products) block.productLines.push(cells);
    else if (field) {
      field.segments.push(segment);
      lastDetail = { at, field, segment };
    }
  };
  /** A name printed over the text column (centred) right above "Products Affected": the next block's, not text of this one. */
  const takeCentredTitle = (line: PositionedLine, lineAt: number): { text: string; page: number } | null => {
    const last = lastDetail as { at: number; field: BlockField; segment: TextSegment } | null;
    if (!last || last.at !== lineAt - 1 || last.segment.page !== line.page) return null;
    const text = last.segment.text;
    if (text.split(/\s+/).length > 6 || /[.;:,]$/.test(text) || text !== text.toUpperCase()) return null;
    last.field.segments.pop();
    return { text, page: last.segment.page };
  };
  const startField = (def: PartDField, segments: TextSegment[], cells: Cell[], line: PositionedLine, at: number) => {
    if (def.role === "group") {
      openBlock(segments.map((s) => s.text).join(" "), line.page);
      return;
    }
    if (def.role === "products") {
      // "Drug Names" right after "Prior Authorization Group" belongs to that group's block.
      const current = block as DrugBlock | null;
      const fresh = current && !current.products.length && !current.fields.length && current.title;
      if (!fresh) {
        // The nearest line above: a name in the heading column, one over the text column before any block, or one
        // centred over the text column after the block above (taken back from that block's last field).
        const near = [loose, orphan].filter((c): c is { text: string; page: number; at: number } => c !== null && at - c.at <= 3).sort((a, b) => b.at - a.at)[0];
        const title = (near?.at === at - 1 ? near : null) ?? takeCentredTitle(line, at) ?? near ?? { text: "", page: line.page };
        openBlock(title.text, title.page);
      }
      products = true;
      field = null;
      addDetail(segments[0] ?? null, cells);
      return;
    }
    products = false;
    if (def.role === "header" || !block) {
      field = null;
      return;
    }
    field = { field: def, segments: [] };
    (block as DrugBlock).fields.push(field);
    for (const s of segments) addDetail(s, []);
  };

  let ended = false;
  lines.forEach((line, index) => {
    at = index;
    if (ended) return;
    const left = detailX === undefined ? line.cells.slice(0, 1) : line.cells.filter((c) => c.x0 === undefined || c.x0 < detailX - 4);
    const right = detailX === undefined ? line.cells.slice(1) : line.cells.filter((c) => !left.includes(c));
    const label = left.map((c) => c.text).join(" ").trim();
    const detail = segmentOf(line, right);
    if (!label) {
      if (pending) {
        if (detail) pending.segments.push(detail);
      } else addDetail(detail, right);
      return;
    }
    const heading = pending ? `${pending.text} ${label}` : label;
    const def = fieldOfHeading(heading);
    // Back matter ("Index", "Index of Products"): the blocks end there, its lines are no block's text.
    if (def?.role === "end" && !detail) {
      ended = true;
      block = null;
      field = null;
      products = false;
      return;
    }
    if (def) {
      const segments = [...(pending?.segments ?? []), ...(detail ? [detail] : [])];
      pending = null;
      startField(def, segments, right, line, at);
      return;
    }
    if (isHeadingStart(heading)) {
      pending = { text: heading, segments: [...(pending?.segments ?? []), ...(detail ? [detail] : [])] };
      return;
    }
    // Not a heading after all: what was held is more text of the open field.
    if (pending) {
      for (const s of pending.segments) addDetail(s, []);
      pending = null;
    }
    const inline = leadingHeading(label);
    if (inline) {
      const rest: TextSegment[] = inline.rest ? [{ page: line.page, text: inline.rest, x0: detailX }] : [];
      startField(inline.field, [...rest, ...(detail ? [detail] : [])], right, line, at);
      return;
    }
    // Under "Products Affected", a product list may start at the left margin and run in columns: all its cells are products.
    if (products && block) {
      addDetail({ page: line.page, text: line.cells.map((c) => c.text).join(" "), x0: line.cells[0]?.x0 }, line.cells);
      return;
    }
    // A line in the heading column that is no heading: the name of the next block (or a stray line).
    loose = { text: label, page: line.page, at };
    if (detail) addDetail(detail, right);
  });
  // The text column's right edge: its widest lines over the document (a line reaching it was wrapped there).
  const rights = blocks.flatMap((b) => b.fields.flatMap((f) => f.segments.flatMap((seg) => (seg.x1 === undefined ? [] : [seg.x1])))).sort((a, b) => b - a);
  const edge = rights[Math.floor(rights.length * 0.1)];
  for (const b of blocks) {
    b.products = productEntries(b.productLines);
    if (edge !== undefined) for (const f of b.fields) for (const seg of f.segments) seg.edge = edge;
  }
  return blocks.filter((b) => b.title || b.products.length);
}
