import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent, SYSTEM_ACTOR } from "@/lib/audit/record-audit-event";
import { UPLOADED_DOCUMENT_SCHEME } from "@/lib/schemas/prior-auth";
import type { Prisma } from "@/lib/generated/prisma/client";
import { replaceNul } from "@/lib/json/scan-json";
import { fetchDocument } from "./fetch-document";
import { kindOf, readDocumentContent } from "./read-document-content";
import { insertDocument, prepareDocument } from "./store-document";
import type { ReadProgress } from "./read-in-worker";

export class UnsupportedDocumentError extends Error {}

/**
 * The document at `position` of a case: already linked (a retry after a crash), an upload of the same workspace
 * (`pa-document:<id>`), or fetched now through the hardened fetcher and stored with its text.
 */
export async function obtainDocument(opts: {
  priorAuth: { id: string; workspaceId: string };
  url: string;
  position: number;
  /** Per-page progress while the document is read (not called for documents already stored). */
  onProgress?: (progress: ReadProgress) => void;
}) {
  const { priorAuth, url, position } = opts;
  const linked = await prisma.priorAuthDocument.findFirst({ where: { priorAuthId: priorAuth.id, position }, include: { document: true } });
  if (linked) return recognisePending(linked.document, priorAuth, opts.onProgress);

  if (url.startsWith(UPLOADED_DOCUMENT_SCHEME)) {
    const id = url.slice(UPLOADED_DOCUMENT_SCHEME.length);
    const uploaded = await prisma.document.findFirst({ where: { id, workspaceId: priorAuth.workspaceId } });
    if (!uploaded) throw new UnsupportedDocumentError(`The uploaded document ${url} was not found in this workspace.`);
    await prisma.$transaction(async (tx) => {
      await tx.priorAuthDocument.create({ data: { priorAuthId: priorAuth.id, documentId: id, position } });
      await recordAuditEvent(tx, {
        workspaceId: priorAuth.workspaceId, priorAuthId: priorAuth.id, actor: SYSTEM_ACTOR, action: "document.attached",
        details: { document_id: id, url, content_type: uploaded.contentType, pages: uploaded.pageCount, size: uploaded.size },
      });
    });
    return recognisePending(uploaded, priorAuth, opts.onProgress);
  }

  const started = Date.now();
  const fetched = await fetchDocument(url);
  const prepared = await prepareDocument({
    workspaceId: priorAuth.workspaceId, bytes: fetched.bytes, contentType: fetched.contentType, kind: fetched.kind,
    sourceUrl: url, fileName: fileNameOf(fetched.finalUrl), createdBy: "system",
  }, { onProgress: opts.onProgress });
  const document = await prisma.$transaction(async (tx) => {
    const stored = await insertDocument(tx, prepared);
    await tx.priorAuthDocument.create({ data: { priorAuthId: priorAuth.id, documentId: stored.id, position } });
    await recordAuditEvent(tx, {
      workspaceId: priorAuth.workspaceId, priorAuthId: priorAuth.id, actor: SYSTEM_ACTOR, action: "document.fetched",
      details: { document_id: stored.id, url, final_url: fetched.finalUrl, content_type: stored.contentType, size: stored.size, pages: stored.pageCount, sha256: stored.sha256, ms: Date.now() - started, ...(prepared.warnings.length ? { warnings: prepared.warnings } : {}) },
    });
    return stored;
  });
  return prisma.document.findUniqueOrThrow({ where: { id: document.id } });
}

/**
 * An upload's scanned pages or image are recognised here, in the job that reads the case (a worker thread with the
 * reading limits), not while the upload request was answered; the text is stored once for every case using it.
 */
async function recognisePending<T extends { id: string; bytes: Uint8Array; contentType: string; recognitionPending: boolean }>(
  document: T,
  priorAuth: { id: string; workspaceId: string },
  onProgress?: (progress: ReadProgress) => void,
) {
  if (!document.recognitionPending) return document;
  const content = await readDocumentContent(document.bytes, kindOf(document.contentType), { contentType: document.contentType, onProgress });
  return prisma.$transaction(async (tx) => {
    const updated = await tx.document.update({
      where: { id: document.id },
      data: { pageCount: content.pageCount, pages: replaceNul(content.pages) as Prisma.InputJsonValue, recognitionPending: false },
    });
    await recordAuditEvent(tx, {
      workspaceId: priorAuth.workspaceId, priorAuthId: priorAuth.id, actor: SYSTEM_ACTOR, action: "document.recognised",
      details: { document_id: document.id, pages: content.pageCount, ...(content.warnings?.length ? { warnings: content.warnings } : {}) },
    });
    return updated;
  });
}

function fileNameOf(url: string): string | null {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last).slice(0, 200) : null;
  } catch {
    return null;
  }
}
