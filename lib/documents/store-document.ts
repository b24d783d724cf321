import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { replaceNul } from "@/lib/api/guards/scan-json";
import { readDocumentContent, type DocumentKind } from "./read-document-content";
import type { ReadProgress } from "./read-in-worker";

type Tx = Prisma.TransactionClient;

export interface IncomingDocument {
  workspaceId: string;
  bytes: Uint8Array;
  contentType: string;
  kind: DocumentKind;
  sourceUrl?: string | null;
  fileName?: string | null;
  createdBy: string;
}

/**
 * Reads the document (text per page, recognised text of scans and images, or JSON) in a worker thread, outside any
 * transaction, and prepares bytes, digest and text to be stored together.
 */
export async function prepareDocument(doc: IncomingDocument, opts: { onProgress?: (progress: ReadProgress) => void } = {}) {
  const content = await readDocumentContent(doc.bytes, doc.kind, { contentType: doc.contentType, onProgress: opts.onProgress });
  return {
    workspaceId: doc.workspaceId,
    sourceUrl: doc.sourceUrl ?? null,
    fileName: doc.fileName ?? null,
    contentType: doc.contentType,
    sha256: createHash("sha256").update(doc.bytes).digest("hex"),
    size: doc.bytes.byteLength,
    pageCount: content.pageCount,
    bytes: Buffer.from(doc.bytes),
    // A document's text may hold NUL characters, which PostgreSQL text and jsonb refuse.
    pages: replaceNul(content.pages) as Prisma.InputJsonValue,
    json: content.json === undefined ? undefined : (replaceNul(content.json) as Prisma.InputJsonValue),
    createdBy: doc.createdBy,
    /** Not stored on the document: callers put them in the audit trail. */
    warnings: content.warnings ?? [],
  };
}

export async function insertDocument(tx: Tx, prepared: Awaited<ReturnType<typeof prepareDocument>>) {
  const { warnings, ...data } = prepared;
  void warnings; // reported to the caller, not stored
  return tx.document.create({ data, select: { id: true, sha256: true, size: true, pageCount: true, contentType: true } });
}
