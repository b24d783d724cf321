// PDF text per page with pdf.js, as lines a person would read: items grouped by baseline and sorted by x, column gaps
// marked with " | ", text typed into FreeText annotations included, text hidden under annotation boxes dropped.
// (In stream order, filled forms print every label first and every value later; positions keep label and value together.)

export class PdfReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfReadError";
  }
}

export interface PdfText {
  pageCount: number;
  pages: { page: number; text: string }[];
}

interface Piece {
  x: number;
  y: number;
  width: number;
  size: number;
  str: string;
}

type Rect = [number, number, number, number];

const COLUMN_GAP = 12;
const BASELINE_TOLERANCE = 0.6;

const inside = (p: Piece, r: Rect) => {
  const cx = p.x + p.width / 2;
  const cy = p.y + p.size / 3;
  return cx >= Math.min(r[0], r[2]) && cx <= Math.max(r[0], r[2]) && cy >= Math.min(r[1], r[3]) && cy <= Math.max(r[1], r[3]);
};

/** Groups pieces into lines (top to bottom) and joins each line left to right. */
export function linesFromPieces(pieces: Piece[]): string[] {
  const sorted = [...pieces].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; size: number; items: Piece[] }[] = [];
  for (const piece of sorted) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line.y - piece.y) <= BASELINE_TOLERANCE * Math.max(line.size, piece.size, 6)) {
      line.items.push(piece);
      line.size = Math.max(line.size, piece.size);
    } else {
      lines.push({ y: piece.y, size: piece.size, items: [piece] });
    }
  }
  return lines.map(({ items }) => {
    items.sort((a, b) => a.x - b.x);
    let text = "";
    let end = -Infinity;
    for (const item of items) {
      const gap = item.x - end;
      if (text) {
        if (gap > COLUMN_GAP) text = `${text.trimEnd()} | `;
        else if ((gap > item.size * 0.15 || gap < -item.size * 0.5) && !text.endsWith(" ") && !item.str.startsWith(" ")) text += " ";
      }
      text += item.str;
      end = Math.max(end, item.x + item.width);
    }
    return text.replace(/\s+/g, " ").trim();
  }).filter(Boolean);
}

function annotationText(a: Record<string, unknown>): string {
  const contents = (a.contentsObj as { str?: string } | undefined)?.str ?? (typeof a.contents === "string" ? a.contents : "");
  if (contents) return contents;
  const rich = a.richText as { str?: string } | undefined;
  return rich?.str ?? "";
}

const isWhite = (color: unknown) => {
  if (!color || typeof color !== "object") return false;
  const c = Array.from(color as ArrayLike<number>);
  return c.length >= 3 && c.slice(0, 3).every((v) => v >= 250);
};

export async function readPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfText> {
  const maxPages = opts.maxPages ?? Number(process.env.PA_PDF_MAX_PAGES ?? 500);
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false }).promise;
  } catch (error) {
    const name = (error as { name?: string })?.name ?? "";
    if (name === "PasswordException") throw new PdfReadError("The PDF could not be read: it is encrypted with a password.");
    throw new PdfReadError("The PDF could not be read: the file is damaged or is not a PDF.");
  }
  try {
    if (doc.numPages === 0) throw new PdfReadError("The PDF could not be read: it has no pages.");
    const pages: PdfText["pages"] = [];
    for (let number = 1; number <= Math.min(doc.numPages, maxPages); number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      let pieces: Piece[] = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [a, b, , , x, y] = item.transform as number[];
        pieces.push({ x, y, width: item.width, size: Math.hypot(a, b) || item.height || 10, str: item.str });
      }
      const annotations = (await page.getAnnotations()) as Record<string, unknown>[];
      for (const annotation of annotations) {
        const rect = annotation.rect as Rect | undefined;
        if (!rect) continue;
        const subtype = annotation.subtype;
        const text = subtype === "FreeText" ? annotationText(annotation).trim() : "";
        const whiteBox = (subtype === "Square" || subtype === "FreeText") && (isWhite(annotation.interiorColor) || isWhite(annotation.backgroundColor) || (subtype === "FreeText" && !text));
        if (subtype !== "FreeText" && !whiteBox) continue;
        // What a viewer shows in this box is the annotation, not the page text underneath it.
        pieces = pieces.filter((p) => !inside(p, rect));
        if (!text) continue;
        const size = Math.min(12, Math.max(6, Math.abs(rect[3] - rect[1]) * 0.7));
        text.split(/\r?\n/).forEach((line, i) => {
          if (line.trim()) pieces.push({ x: Math.min(rect[0], rect[2]) + 2, y: Math.max(rect[1], rect[3]) - size * (i + 1), width: line.length * size * 0.5, size, str: line.trim() });
        });
      }
      pages.push({ page: number, text: linesFromPieces(pieces).join("\n") });
      page.cleanup();
    }
    return { pageCount: doc.numPages, pages };
  } catch (error) {
    if (error instanceof PdfReadError) throw error;
    throw new PdfReadError(`The PDF could not be read: ${error instanceof Error ? error.message : "an unexpected error"}.`);
  } finally {
    await doc.destroy();
  }
}
