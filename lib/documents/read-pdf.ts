// PDF text per page with pdf.js, as lines a person would read: items grouped by baseline and sorted by x, column gaps
// marked with " | ", text typed into FreeText annotations and AcroForm fields included, text hidden under opaque
// annotation boxes (white-out) dropped. In stream order, filled forms print every label first and every value later;
// positions keep a label and its value on one line. Each line also keeps where its cells sit (`layout`), so the
// intake extractor can tell a left-column label from a right-column one.
import type { PageLayout } from "@/lib/intake/types";

export class PdfReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfReadError";
  }
}

export interface PdfPage {
  page: number;
  text: string;
  layout?: PageLayout;
}

export interface PdfText {
  /** Pages in the file (may be more than were read, see `truncated`). */
  pageCount: number;
  pages: PdfPage[];
  /** True when the file has more pages than `maxPages`: only the first `maxPages` were read. */
  truncated: boolean;
  warnings: string[];
}

export interface ReadPdfOptions {
  /** Stop after this many pages (default PA_PDF_MAX_PAGES or 500). */
  maxPages?: number;
}

export const DEFAULT_MAX_PAGES = 500;

/** A run of text at a position: x, y of the baseline start (pt, origin bottom left), width and font size. */
export interface TextPiece {
  x: number;
  y: number;
  width: number;
  size: number;
  str: string;
}

export interface PdfLine {
  text: string;
  /** [x0, x1] of each " | "-separated cell of `text`. */
  cells: [number, number][];
}

type Rect = [number, number, number, number];

/** Items farther apart than this (pt) are in different columns. */
const COLUMN_GAP = 12;
/** Items whose baselines differ by less than this share of the font height are on one line. */
const BASELINE_TOLERANCE = 0.6;
const SEPARATOR = " | ";

const round = (n: number) => Math.round(n * 10) / 10;
const isRule = (s: string) => /^[_\s.]{3,}$/.test(s) && s.includes("_");
const endsWithRule = (s: string) => /_{3,}\s*$/.test(s);

/** Groups pieces into lines (top to bottom) and joins each line left to right, cells split at column gaps. Pure. */
export function linesFromPieces(pieces: readonly TextPiece[]): PdfLine[] {
  const sorted = pieces.filter((p) => p.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: { y: number; size: number; items: TextPiece[] }[] = [];
  for (const piece of sorted) {
    const line = groups[groups.length - 1];
    if (line && Math.abs(line.y - piece.y) <= BASELINE_TOLERANCE * Math.max(line.size, piece.size, 6)) {
      line.items.push(piece);
      line.size = Math.max(line.size, piece.size);
    } else {
      groups.push({ y: piece.y, size: piece.size, items: [piece] });
    }
  }
  const lines: PdfLine[] = [];
  for (const { items } of groups) {
    items.sort((a, b) => a.x - b.x);
    const cells: { text: string; x0: number; x1: number }[] = [];
    let previous: TextPiece | null = null;
    for (const item of items) {
      const cell = cells[cells.length - 1];
      const end = cell ? cell.x1 : -Infinity;
      const gap = item.x - end;
      // A value typed over a form's "_____" rule starts a cell of its own, as does anything past a column gap.
      const overRule = previous !== null && endsWithRule(previous.str) && gap < 0 && !isRule(item.str);
      if (!cell || gap > COLUMN_GAP || overRule) {
        cells.push({ text: item.str, x0: item.x, x1: item.x + item.width });
      } else {
        const needsSpace = (gap > item.size * 0.15 || gap < -item.size * 0.5) && !cell.text.endsWith(" ") && !item.str.startsWith(" ");
        cell.text += (needsSpace ? " " : "") + item.str;
        cell.x1 = Math.max(cell.x1, item.x + item.width);
      }
      previous = item;
    }
    const kept = cells
      // A literal " | " inside an item would shift the cells: write it as " / ".
      .map((c) => ({ ...c, text: c.text.replace(/\s+/g, " ").replace(/ \| /g, " / ").trim() }))
      .filter((c) => c.text);
    if (!kept.length) continue;
    lines.push({ text: kept.map((c) => c.text).join(SEPARATOR), cells: kept.map((c) => [round(c.x0), round(c.x1)]) });
  }
  return lines;
}

const inside = (p: TextPiece, r: Rect) => {
  const cx = p.x + p.width / 2;
  const cy = p.y + p.size / 3;
  return cx >= Math.min(r[0], r[2]) && cx <= Math.max(r[0], r[2]) && cy >= Math.min(r[1], r[3]) && cy <= Math.max(r[1], r[3]);
};

const rgb = (color: unknown): number[] | null => {
  if (!color || typeof color !== "object") return null;
  const values = Object.values(color as Record<string, unknown>).filter((v): v is number => typeof v === "number");
  return values.length >= 3 ? values.slice(0, 3) : null;
};
const isNearWhite = (c: number[] | null) => c !== null && c.every((v) => v >= 240);
const isClose = (a: number[] | null, b: number[] | null) => a !== null && b !== null && a.every((v, i) => Math.abs(v - b[i]) <= 24);

type Annotation = Record<string, unknown>;

function annotationText(a: Annotation): string {
  const contents = (a.contentsObj as { str?: string } | undefined)?.str ?? (typeof a.contents === "string" ? a.contents : "");
  if (contents) return contents;
  const rich = (a.richText as { str?: string } | undefined)?.str;
  if (rich) return rich;
  return Array.isArray(a.textContent) ? a.textContent.join("\n") : "";
}

/** What a viewer shows for an annotation: the text it adds, and whether it hides the page underneath. */
export function annotationView(a: Annotation): { text: string; opaque: boolean; size: number | null } {
  const appearance = a.defaultAppearanceData as { fontSize?: number; fontColor?: unknown } | undefined;
  const size = typeof appearance?.fontSize === "number" && appearance.fontSize > 0 ? appearance.fontSize : null;
  if (a.hidden === true) return { text: "", opaque: false, size };
  if (a.subtype === "FreeText") {
    // For FreeText, /C is the box's fill: any fill hides what is underneath (a white box is the usual white-out).
    const fill = rgb(a.color) ?? rgb(a.backgroundColor);
    const font = rgb(appearance?.fontColor);
    const invisible = isNearWhite(font) || (fill !== null && isClose(font, fill));
    return { text: invisible ? "" : annotationText(a).trim(), opaque: fill !== null, size };
  }
  if (a.subtype === "Widget") {
    if (a.fieldType === "Tx" && typeof a.fieldValue === "string") return { text: a.fieldValue.trim(), opaque: false, size };
    if (a.fieldType === "Btn" && (a.checkBox === true || a.radioButton === true)) {
      const on = a.checkBox === true ? a.fieldValue !== "Off" && a.fieldValue !== undefined && a.fieldValue === a.exportValue : a.fieldValue === a.buttonValue && a.fieldValue != null;
      return { text: on ? "☒" : "", opaque: false, size };
    }
    if (a.fieldType === "Ch") {
      const value = Array.isArray(a.fieldValue) ? a.fieldValue.join(", ") : typeof a.fieldValue === "string" ? a.fieldValue : "";
      return { text: value.trim(), opaque: false, size };
    }
  }
  return { text: "", opaque: false, size };
}

let workerReady: Promise<void> | null = null;

async function loadPdfjs() {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // Run pdf.js in this thread: hand it the worker's message handler so it never spawns or fetches a worker script
  // (works in Node, Vitest and a bundled Next.js route alike). Done on first use, not at import.
  workerReady ??= (async () => {
    const scope = globalThis as { pdfjsWorker?: unknown };
    // @ts-expect-error -- pdfjs-dist ships no type declarations for its worker module.
    scope.pdfjsWorker ??= await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  })();
  await workerReady;
  return pdfjs;
}

function describeOpenError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? "";
  if (name === "PasswordException") return "The PDF could not be read: it is encrypted with a password.";
  if (name === "InvalidPDFException") return "The PDF could not be read: the file is damaged or is not a PDF.";
  const message = error instanceof Error ? error.message : String(error);
  return `The PDF could not be read: ${message || "the file is damaged or is not a PDF"}.`;
}

/** Text per page, as lines; throws PdfReadError for an empty, damaged or encrypted file. */
export async function readPdf(bytes: Uint8Array, opts: ReadPdfOptions = {}): Promise<PdfText> {
  const configured = Number(process.env.PA_PDF_MAX_PAGES);
  const maxPages = Math.max(1, Math.floor(opts.maxPages ?? (configured > 0 ? configured : DEFAULT_MAX_PAGES)));
  if (!bytes || bytes.length === 0) throw new PdfReadError("The PDF could not be read: the file is empty.");
  const pdfjs = await loadPdfjs();
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) the buffer: give it a copy
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      stopAtErrors: false,
    }).promise;
  } catch (error) {
    throw new PdfReadError(describeOpenError(error));
  }
  try {
    if (doc.numPages === 0) throw new PdfReadError("The PDF could not be read: it has no pages.");
    const last = Math.min(doc.numPages, maxPages);
    const pages: PdfPage[] = [];
    for (let number = 1; number <= last; number++) pages.push(await readPage(doc, number));
    const truncated = doc.numPages > last;
    const warnings = truncated ? [`Only the first ${last} of ${doc.numPages} pages were read (page limit ${maxPages}).`] : [];
    return { pageCount: doc.numPages, pages, truncated, warnings };
  } catch (error) {
    if (error instanceof PdfReadError) throw error;
    throw new PdfReadError(describeOpenError(error));
  } finally {
    await doc.destroy();
  }
}

type PdfDocument = { getPage(n: number): Promise<PdfPageProxy> };
type PdfPageProxy = {
  view: number[];
  getTextContent(): Promise<{ items: unknown[] }>;
  getAnnotations(): Promise<unknown[]>;
  cleanup(): void;
};

async function readPage(doc: PdfDocument, number: number): Promise<PdfPage> {
  const page = await doc.getPage(number);
  const [x0, , x1] = page.view;
  const content = await page.getTextContent();
  let pieces: TextPiece[] = [];
  for (const raw of content.items) {
    const item = raw as { str?: string; transform?: number[]; width?: number; height?: number };
    if (typeof item.str !== "string" || !item.str.trim() || !item.transform) continue;
    const [a, b, , , x, y] = item.transform;
    pieces.push({ x: x - x0, y, width: item.width ?? 0, size: Math.hypot(a, b) || item.height || 10, str: item.str });
  }
  const annotations = (await page.getAnnotations()) as Annotation[];
  const added: TextPiece[] = [];
  for (const annotation of annotations) {
    const rect = annotation.rect as Rect | undefined;
    if (!rect) continue;
    const view = annotationView(annotation);
    // What a viewer shows in an opaque box is the box, not the page text underneath it.
    if (view.opaque) pieces = pieces.filter((p) => !inside(p, rect));
    if (!view.text) continue;
    const height = Math.abs(rect[3] - rect[1]);
    const size = view.size ?? Math.min(12, Math.max(6, height * 0.7));
    const left = Math.min(rect[0], rect[2]) - x0 + 2;
    const lines = view.text.split(/\r\n?|\n/);
    // One line sits on the box's vertical middle (its baseline a third of the font size lower); more flow from the top.
    const baseline = (i: number) => (lines.length === 1 ? (rect[1] + rect[3]) / 2 - size * 0.3 : Math.max(rect[1], rect[3]) - size * (i + 1));
    lines.forEach((line, i) => {
      if (line.trim()) added.push({ x: left, y: baseline(i), width: line.trim().length * size * 0.5, size, str: line.trim() });
    });
  }
  const lines = linesFromPieces([...pieces, ...added]);
  page.cleanup();
  return {
    page: number,
    text: lines.map((l) => l.text).join("\n"),
    layout: { width: round(x1 - x0), lines: lines.map((l) => l.cells) },
  };
}
