import { readPdf } from "./read-pdf";
import type { SourceDocument } from "@/lib/intake/types";

export type DocumentKind = "pdf" | "text" | "json";

export interface DocumentContent {
  pageCount: number | null;
  pages: SourceDocument["pages"];
  json?: unknown;
}

/** Turns stored bytes into text per page (PDF, text) or parsed JSON. Throws readable errors (PdfReadError ...). */
export async function readDocumentContent(bytes: Uint8Array, kind: DocumentKind): Promise<DocumentContent> {
  if (kind === "pdf") {
    const pdf = await readPdf(bytes);
    return { pageCount: pdf.pageCount, pages: pdf.pages };
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (kind === "json") return { pageCount: null, pages: [], json: JSON.parse(text) };
  return { pageCount: 1, pages: [{ page: 1, text }] };
}

export function kindOf(contentType: string): DocumentKind {
  if (contentType.includes("pdf")) return "pdf";
  if (contentType.includes("json")) return "json";
  return "text";
}
