// PDF text per page with pdf.js: lines from item positions (pdf-lines.mjs), text typed into FreeText annotations and
// AcroForm fields included, text hidden under opaque annotation boxes (white-out) dropped. Plain JavaScript so the
// document-reading worker thread can load it at run time (see read-document.worker.mjs).
import { pageFromPieces } from "../layout/lines.mjs";

export class PdfReadError extends Error {
  constructor(message) {
    super(message);
    this.name = "PdfReadError";
  }
}

export const DEFAULT_MAX_PAGES = 500;

const inside = (p, r) => {
  const cx = p.x + p.width / 2;
  const cy = p.y + p.size / 3;
  return cx >= Math.min(r[0], r[2]) && cx <= Math.max(r[0], r[2]) && cy >= Math.min(r[1], r[3]) && cy <= Math.max(r[1], r[3]);
};

const rgb = (color) => {
  if (!color || typeof color !== "object") return null;
  const values = Object.values(color).filter((v) => typeof v === "number");
  return values.length >= 3 ? values.slice(0, 3) : null;
};
const isNearWhite = (c) => c !== null && c.every((v) => v >= 240);
const isClose = (a, b) => a !== null && b !== null && a.every((v, i) => Math.abs(v - b[i]) <= 24);

function annotationText(a) {
  const contents = a.contentsObj?.str ?? (typeof a.contents === "string" ? a.contents : "");
  if (contents) return contents;
  const rich = a.richText?.str;
  if (rich) return rich;
  return Array.isArray(a.textContent) ? a.textContent.join("\n") : "";
}

/** What a viewer shows for an annotation: the text it adds, and whether it hides the page underneath. */
export function annotationView(a) {
  const appearance = a.defaultAppearanceData;
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

let workerReady = null;

/** pdf.js in this thread: it gets the worker's message handler, so it never spawns or fetches a worker script. */
export async function loadPdfjs() {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  workerReady ??= (async () => {
    globalThis.pdfjsWorker ??= await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  })();
  await workerReady;
  return pdfjs;
}

function describeOpenError(error) {
  const name = error?.name ?? "";
  if (name === "PasswordException") return "The PDF could not be read: it is encrypted with a password.";
  if (name === "InvalidPDFException") return "The PDF could not be read: the file is damaged or is not a PDF.";
  const message = error instanceof Error ? error.message : String(error);
  return `The PDF could not be read: ${message || "the file is damaged or is not a PDF"}.`;
}

/** Opens a PDF with pdf.js; throws PdfReadError for an empty, damaged, encrypted or page-less file. */
export async function openPdf(bytes) {
  if (!bytes || bytes.length === 0) throw new PdfReadError("The PDF could not be read: the file is empty.");
  const pdfjs = await loadPdfjs();
  let doc;
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
  if (doc.numPages === 0) {
    await doc.destroy();
    throw new PdfReadError("The PDF could not be read: it has no pages.");
  }
  return doc;
}

/** Text per page, as lines; throws PdfReadError for an empty, damaged or encrypted file. */
export async function readPdf(bytes, opts = {}) {
  const configured = Number(process.env.PA_PDF_MAX_PAGES);
  const maxPages = Math.max(1, Math.floor(opts.maxPages ?? (configured > 0 ? configured : DEFAULT_MAX_PAGES)));
  const doc = await openPdf(bytes);
  try {
    const last = Math.min(doc.numPages, maxPages);
    const pages = [];
    for (let number = 1; number <= last; number++) {
      pages.push(await readPdfPage(doc, number));
      opts.onPage?.(number, last);
    }
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

/** One page's text, lines and cell positions (pt from the page's left edge). */
export async function readPdfPage(doc, number) {
  const page = await doc.getPage(number);
  const [x0, , x1] = page.view;
  const content = await page.getTextContent();
  let pieces = [];
  for (const item of content.items) {
    if (typeof item.str !== "string" || !item.str.trim() || !item.transform) continue;
    const [a, b, , , x, y] = item.transform;
    pieces.push({ x: x - x0, y, width: item.width ?? 0, size: Math.hypot(a, b) || item.height || 10, str: item.str });
  }
  const annotations = await page.getAnnotations();
  const added = [];
  for (const annotation of annotations) {
    const rect = annotation.rect;
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
    const baseline = (i) => (lines.length === 1 ? (rect[1] + rect[3]) / 2 - size * 0.3 : Math.max(rect[1], rect[3]) - size * (i + 1));
    lines.forEach((line, i) => {
      if (line.trim()) added.push({ x: left, y: baseline(i), width: line.trim().length * size * 0.5, size, str: line.trim() });
    });
  }
  page.cleanup();
  return pageFromPieces(number, [...pieces, ...added], x1 - x0);
}
