import { prisma } from "@/lib/db/prisma";
import { ApiError, badRequest } from "@/lib/api/errors";
import { readBodyCapped } from "@/lib/api/read-body";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { loadFetchConfig } from "./fetch-document";
import { detectContentType } from "./detect-content-type";
import { PdfReadError } from "./read-pdf";
import { DocumentLimitError } from "./read-in-worker";
import { insertDocument, prepareDocument } from "./store-document";
import { DOCUMENT_META_SELECT, presentDocument } from "./present-document";

/** Reads the upload (multipart `file`, or the raw body with its Content-Type) within the same size cap as fetches. */
async function readUpload(req: Request, maxBytes: number): Promise<{ bytes: Uint8Array; declaredType: string; fileName: string | null }> {
  const declaredLength = Number(req.headers.get("content-length") ?? 0);
  if (declaredLength > maxBytes + 64 * 1024) throw new ApiError(413, `The document is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);
  const contentType = req.headers.get("content-type") ?? "";
  // Read within the cap first (a chunked body has no Content-Length to check), then parse.
  const raw = await readBodyCapped(req, maxBytes + 64 * 1024, "The document");
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Response(raw, { headers: { "content-type": contentType } }).formData().catch(() => {
      throw badRequest("The multipart body could not be read.");
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest("The multipart body needs a `file` field.");
    return { bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type, fileName: file.name || null };
  }
  const bytes = raw;
  const fileName = req.headers.get("x-file-name");
  return { bytes, declaredType: contentType, fileName: fileName ? decodeURIComponent(fileName).slice(0, 200) : null };
}

/**
 * Stores an uploaded document with its text layer, returning the reference that `document_url` accepts. Scans and
 * images are recognised later by the job that reads a case using it (`recognition_pending` until then).
 */
export async function uploadDocument(opts: { workspaceId: string; actor: Actor; req: Request }) {
  const { maxBytes } = loadFetchConfig();
  const upload = await readUpload(opts.req, maxBytes);
  if (upload.bytes.byteLength > maxBytes) throw new ApiError(413, `The document is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);
  let prepared;
  try {
    const detected = detectContentType(upload.bytes, upload.declaredType);
    prepared = await prepareDocument({
      workspaceId: opts.workspaceId, bytes: upload.bytes, contentType: detected.contentType, kind: detected.kind,
      fileName: upload.fileName, createdBy: opts.actor.label,
    }, { deferRecognition: true });
  } catch (error) {
    if (error instanceof DocumentFetchError || error instanceof PdfReadError) throw badRequest(error.message);
    if (error instanceof DocumentLimitError) throw new ApiError(error.status, error.message);
    if (error instanceof SyntaxError) throw badRequest(`The JSON document could not be parsed: ${error.message}`);
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
