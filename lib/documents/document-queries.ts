import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { DOCUMENT_META_SELECT, presentDocument } from "./present-document";
import { ZReadPage, type ReadPage } from "./read-document-content";
import { readStoredPages } from "@/lib/documents/layout/source-document";

/** The documents of a case in submission order (the case must belong to the workspace: checked by the caller). */
export async function listCaseDocuments(opts: { workspaceId: string; priorAuthId: string }) {
  const links = await prisma.priorAuthDocument.findMany({
    where: { priorAuthId: opts.priorAuthId, document: { workspaceId: opts.workspaceId } },
    orderBy: { position: "asc" },
    include: { document: { select: { ...DOCUMENT_META_SELECT, pages: true } } },
  });
  // Text per page, and for a recognised page what recognition saw; the reader's cell positions stay internal.
  const textOf = (doc: { id: string; pages: unknown }) =>
    Array.isArray(doc.pages) ? readStoredPages(doc.pages, `the pages of document ${doc.id}`, ZReadPage.loose()).map(presentPage) : null;
  return links.map((l) => ({ ...presentDocument(l.document), position: l.position, pages: textOf(l.document) }));
}

export async function getDocumentOrThrow(opts: { workspaceId: string; documentId: string }) {
  const doc = await prisma.document.findFirst({ where: { id: opts.documentId, workspaceId: opts.workspaceId }, select: DOCUMENT_META_SELECT });
  if (!doc) throw new NotFound(`Document ${opts.documentId}`);
  return presentDocument(doc);
}

export async function getDocumentBytesOrThrow(opts: { workspaceId: string; documentId: string }) {
  const doc = await prisma.document.findFirst({ where: { id: opts.documentId, workspaceId: opts.workspaceId }, select: { bytes: true, contentType: true, fileName: true } });
  if (!doc) throw new NotFound(`Document ${opts.documentId}`);
  return doc;
}

/** A stored page as the API gives it: its text, and for a recognised page its confidence, rotation and word boxes. */
function presentPage({ page, text, source, ocr }: ReadPage) {
  if (source !== "ocr" || !ocr || ocr.blank) return { page, text };
  return { page, text, recognition: { confidence: ocr.confidence, rotation: ocr.rotation ?? 0, words: ocr.words ?? [] } };
}
