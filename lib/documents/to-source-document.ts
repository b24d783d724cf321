import { readStoredPages, type SourceDocument } from "@/lib/documents/layout/source-document";

type StoredDocument = { id: string; fileName: string | null; sourceUrl: string | null; contentType: string; pages: unknown; json: unknown };

/** The engines' view of a stored document: text per page, or parsed JSON. */
export function toSourceDocument(doc: StoredDocument): SourceDocument {
  return {
    id: doc.id,
    name: doc.fileName ?? doc.sourceUrl ?? doc.id,
    contentType: doc.contentType,
    pages: readStoredPages(doc.pages, `the pages of document ${doc.id}`),
    json: doc.json ?? undefined,
  };
}
