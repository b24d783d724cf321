import type { PageLayout } from "../layout/page-layout";

export class PdfReadError extends Error {
  constructor(message: string);
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
  onPage?: (done: number, total: number) => void;
}

export const DEFAULT_MAX_PAGES: number;
export function annotationView(a: Record<string, unknown>): { text: string; opaque: boolean; size: number | null };
export function readPdf(bytes: Uint8Array, opts?: ReadPdfOptions): Promise<PdfText>;
export function openPdf(bytes: Uint8Array): Promise<import("pdfjs-dist/legacy/build/pdf.mjs").PDFDocumentProxy>;
export function loadPdfjs(): Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")>;
