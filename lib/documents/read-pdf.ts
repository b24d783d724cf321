// PDF text per page, as lines a person would read (see worker/read-pdf-core.mjs and layout/lines.mjs). The code
// lives in plain JavaScript so the document-reading worker thread can load it; this module gives it its types.
// readPdf runs on the calling thread: the service reads documents through readDocumentContent (a worker thread with
// memory and time limits); scripts and tests may call readPdf directly.
export { PdfReadError, DEFAULT_MAX_PAGES, annotationView, readPdf } from "./worker/read-pdf-core.mjs";
export type { PdfPage, PdfText, ReadPdfOptions } from "./worker/read-pdf-core.mjs";
export { linesFromPieces, piecesFromWords } from "./layout/lines.mjs";
export type { TextPiece, PdfLine, WordBox } from "./layout/lines.mjs";
