import { prisma } from "@/lib/db/prisma";
import { DocumentTooLarge, InvalidInput } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { loadFetchConfig } from "./fetch-document";
import { detectContentType } from "./detect-content-type";
import { PdfReadError } from "./read-pdf";
import { insertDocument, prepareDocument } from "./store-document";
import { DOCUMENT_META_SELECT, presentDocument } from "./present-document";

/** An uploaded file as the request carried it (lib/api/read-upload.ts reads it within the size cap). */
export interface UploadedFile {
  bytes: Uint8Array;
  declaredType: string;
  fileName: string | null;
}

/**
 * Stores an uploaded document with its text layer, returning the reference that `document_url` accepts. Scans and
 * images are recognised later by the job that reads a case using it (`recognition_pending` until then).
 */
export async function uploadDocument(opts: { workspaceId: string; actor: Actor; upload: UploadedFile }) {
  const { upload } = opts;
  const { maxBytes } = loadFetchConfig();
  if (upload.bytes.byteLength > maxBytes) throw new DocumentTooLarge(maxBytes);
  let prepared;
  try {
    const detected = detectContentType(upload.bytes, upload.declaredType);
    prepared = await prepareDocument({
      workspaceId: opts.workspaceId, bytes: upload.bytes, contentType: detected.contentType, kind: detected.kind,
      fileName: upload.fileName, createdBy: opts.actor.label,
    }, { deferRecognition: true });
  } catch (error) {
    // A document over a reading limit (DocumentOverLimit) goes up as it is.
    if (error instanceof DocumentFetchError || error instanceof PdfReadError) throw new InvalidInput(error.message);
    if (error instanceof SyntaxError) throw new InvalidInput(`The JSON document could not be parsed: ${error.message}`);
    throw error;
  }
  const stored = await prisma.$transaction(async (tx) => {
    const doc = await insertDocument(tx, prepared);
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "document.uploaded", details: { document_id: doc.id, file_name: upload.fileName, size: doc.size, pages: doc.pageCount, ...(prepared.warnings.length ? { warnings: prepared.warnings } : {}) } });
    return doc;
  });
  const full = await prisma.document.findUniqueOrThrow({ where: { id: stored.id }, select: DOCUMENT_META_SELECT });
  return presentDocument(full);
}
