import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { replaceNul } from "@/lib/json/scan-json";
import { readDocumentContent, type DocumentContent, type DocumentKind } from "./read-document-content";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import type { ReadProgress } from "./read-in-worker";
import { loadReadLimits } from "./read-limits";
import { pageNeedsOcr, tooManyScansMessage } from "./worker/page-rules.mjs";

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
export async function prepareDocument(
  doc: IncomingDocument,
  opts: {
    onProgress?: (progress: ReadProgress) => void;
    /** Read only the text layer now; scans and images are recognised later, by the job that reads the case. */
    deferRecognition?: boolean;
    /** Pages the caller has already read its own way (a policy PDF, by the policy reader): stored, not read again. */
    readPages?: DocumentContent["pages"];
  } = {},
) {
  const content = opts.readPages
    ? { pageCount: opts.readPages.length, pages: opts.readPages, warnings: [], recognitionPending: false }
    : opts.deferRecognition
      ? await readTextLayer(doc)
      : { ...(await readDocumentContent(doc.bytes, doc.kind, { contentType: doc.contentType, onProgress: opts.onProgress })), recognitionPending: false };
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
    recognitionPending: content.recognitionPending,
    /** Not stored on the document: callers put them in the audit trail. */
    warnings: content.warnings ?? [],
  };
}

export async function insertDocument(tx: Tx, prepared: Awaited<ReturnType<typeof prepareDocument>>) {
  const { warnings, ...data } = prepared;
  void warnings; // reported to the caller, not stored
  return tx.document.create({ data, select: { id: true, sha256: true, size: true, pageCount: true, contentType: true } });
}

/**
 * The text layer only (a quick read in the worker thread), and whether pages or an image wait for recognition. A PDF
 * with more scanned pages than are ever recognised is refused now rather than failing later in the case.
 */
async function readTextLayer(doc: IncomingDocument): Promise<DocumentContent & { recognitionPending: boolean }> {
  const limits = loadReadLimits();
  if (doc.kind === "image") return limits.ocr ? { pageCount: null, pages: [], recognitionPending: true } : { ...(await readDocumentContent(doc.bytes, doc.kind, { contentType: doc.contentType })), recognitionPending: false };
  const content = await readDocumentContent(doc.bytes, doc.kind, { contentType: doc.contentType, limits: { ocr: false } });
  if (doc.kind !== "pdf" || !limits.ocr) return { ...content, recognitionPending: false };
  const scans = content.pages.filter((page) => pageNeedsOcr(page.text).needed).length;
  if (scans > limits.maxOcrPages) {
    throw new DocumentOverLimit(tooManyScansMessage(scans, limits.maxOcrPages), "ocr_pages");
  }
  return { ...content, recognitionPending: scans > 0 };
}
