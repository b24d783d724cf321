import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { readDocumentContent, type DocumentKind } from "./read-document-content";

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

/** Reads the document (text per page or JSON) and stores bytes, digest and text together. */
export async function prepareDocument(doc: IncomingDocument) {
  const content = await readDocumentContent(doc.bytes, doc.kind);
  return {
    workspaceId: doc.workspaceId,
    sourceUrl: doc.sourceUrl ?? null,
    fileName: doc.fileName ?? null,
    contentType: doc.contentType,
    sha256: createHash("sha256").update(doc.bytes).digest("hex"),
    size: doc.bytes.byteLength,
    pageCount: content.pageCount,
    bytes: Buffer.from(doc.bytes),
    pages: content.pages as Prisma.InputJsonValue,
    json: content.json === undefined ? undefined : (content.json as Prisma.InputJsonValue),
    createdBy: doc.createdBy,
  };
}

export async function insertDocument(tx: Tx, prepared: Awaited<ReturnType<typeof prepareDocument>>) {
  return tx.document.create({ data: prepared, select: { id: true, sha256: true, size: true, pageCount: true, contentType: true } });
}
