import type { SourceDocument } from "@/lib/intake/types";
import { readInWorker, type ReadProgress } from "./read-in-worker";
import type { ReadLimits } from "./read-limits";

export type DocumentKind = "pdf" | "text" | "json" | "image";

export interface DocumentContent {
  pageCount: number | null;
  pages: SourceDocument["pages"];
  json?: unknown;
  /** What was not read (text beyond the character limit, a page that could not be recognised ...). */
  warnings?: string[];
}

/**
 * Turns stored bytes into text per page (PDF, text, images by text recognition) or parsed JSON, in a worker thread
 * with memory and time limits. Throws readable errors: PdfReadError (bad file), DocumentLimitError (over a limit),
 * SyntaxError (JSON).
 */
export async function readDocumentContent(
  bytes: Uint8Array,
  kind: DocumentKind,
  opts: { contentType?: string; onProgress?: (progress: ReadProgress) => void; limits?: Partial<ReadLimits> } = {},
): Promise<DocumentContent> {
  return readInWorker({ bytes, kind, contentType: opts.contentType ?? "" }, { onProgress: opts.onProgress, limits: opts.limits });
}

export function kindOf(contentType: string): DocumentKind {
  if (contentType.includes("pdf")) return "pdf";
  if (contentType.includes("json")) return "json";
  if (contentType.startsWith("image/")) return "image";
  return "text";
}
