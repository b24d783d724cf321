import { UPLOADED_DOCUMENT_SCHEME } from "@/lib/schemas/prior-auth";
import { formatTimestamp } from "@/lib/time";

type Row = { id: string; sourceUrl: string | null; fileName: string | null; contentType: string; sha256: string; size: number; pageCount: number | null; recognitionPending: boolean; createdAt: Date };

export function presentDocument(doc: Row) {
  return {
    id: doc.id,
    /** What document_url accepts for this document. */
    document_url: `${UPLOADED_DOCUMENT_SCHEME}${doc.id}`,
    source_url: doc.sourceUrl,
    file_name: doc.fileName,
    content_type: doc.contentType,
    sha256: doc.sha256,
    size: doc.size,
    page_count: doc.pageCount,
    /** Scans or an image waiting for text recognition, done when a case using the document is read. */
    recognition_pending: doc.recognitionPending,
    created_at: formatTimestamp(doc.createdAt),
  };
}

export const DOCUMENT_META_SELECT = { id: true, sourceUrl: true, fileName: true, contentType: true, sha256: true, size: true, pageCount: true, recognitionPending: true, createdAt: true } as const;
