import { z } from "zod";
import type { Same } from "@/lib/stored-record";
import { readInWorker, type ReadProgress } from "./read-in-worker";
import type { ReadLimits } from "./read-limits";
import { ZSourcePage, type SourceDocument } from "@/lib/documents/layout/source-document";

export type DocumentKind = "pdf" | "text" | "json" | "image";

/** Where a page's text came from: its PDF text layer (the default when absent), or text recognition of its image. */
export type PageSource = "text" | "ocr";

/**
 * A recognised page: mean word confidence (0-100), the rotation (degrees clockwise) it was read at, and its words as
 * [x0, y0, x1, y1, text] in pt from the top left of the page turned by `rotation` (normalised to 612 pt wide).
 */
export type PageOcr = {
  confidence: number;
  rotation?: number;
  blank?: boolean;
  words?: [number, number, number, number, string][];
};

/** A page as the engines read it ({page, text, layout}), plus where its text came from. */
export type ReadPage = SourceDocument["pages"][number] & { source?: PageSource; ocr?: PageOcr };

/** A stored page (Document.pages) as the API presents it: the engines' page and what recognition saw. */
export const ZReadPage = ZSourcePage.extend({
  ocr: z.object({ confidence: z.number(), rotation: z.number().optional(), blank: z.boolean().optional(), words: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.string()])).optional() }).optional(),
});
const readPageAgrees: Same<z.infer<typeof ZReadPage>, ReadPage> = true;
void readPageAgrees;

export interface DocumentContent {
  pageCount: number | null;
  pages: ReadPage[];
  json?: unknown;
  /** What was not read (text beyond the character limit, a page that could not be recognised ...). */
  warnings?: string[];
}

/**
 * Turns stored bytes into text per page (PDF, text, images by text recognition) or parsed JSON, in a worker thread
 * with memory and time limits. Throws readable errors: PdfReadError (bad file), DocumentOverLimit (over a limit),
 * SyntaxError (JSON).
 */
export async function readDocumentContent(
  bytes: Uint8Array,
  kind: DocumentKind,
  opts: { contentType?: string; onProgress?: (progress: ReadProgress) => void; limits?: Partial<ReadLimits> } = {},
): Promise<DocumentContent> {
  return readInWorker({ bytes, kind, contentType: opts.contentType ?? "" }, { onProgress: opts.onProgress, limits: opts.limits });
}

/**
 * A PDF's pages with their text and cell positions (what the policy readers' tables need), read in a reading thread
 * like every document; scanned pages are not recognised here.
 */
export async function readPdfPagesOffThread(bytes: Uint8Array): Promise<ReadPage[]> {
  return (await readDocumentContent(bytes, "pdf", { limits: { ocr: false } })).pages;
}

export function kindOf(contentType: string): DocumentKind {
  if (contentType.includes("pdf")) return "pdf";
  if (contentType.includes("json")) return "json";
  if (contentType.startsWith("image/")) return "image";
  return "text";
}
