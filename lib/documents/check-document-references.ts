import type { Prisma } from "@/lib/generated/prisma/client";
import { NotFound } from "@/lib/errors/domain-errors";
import { UPLOADED_DOCUMENT_SCHEME } from "@/lib/schemas/prior-auth";

type Db = Pick<Prisma.TransactionClient, "document">;

/** A document address as the request gave it, with the field it came in ("ePA.document_urls[1]"). */
export interface DocumentReference {
  field: string;
  url: string;
}

/** The references of a list field: `document_urls[0]`, `document_urls[1]`, ... */
export const referencesOf = (field: string, urls: readonly string[]): DocumentReference[] => urls.map((url, i) => ({ field: `${field}[${i}]`, url }));

/**
 * Every `pa-document:` reference must name an upload of this workspace, checked before anything is written: an unknown
 * id and another workspace's id are the same NotFound (a caller learns nothing about other workspaces' documents). http(s)
 * addresses are fetched later and are not checked here.
 */
export async function assertUploadedDocumentsExist(db: Db, workspaceId: string, references: readonly DocumentReference[]): Promise<void> {
  const uploaded = references.filter((ref) => ref.url.startsWith(UPLOADED_DOCUMENT_SCHEME));
  if (!uploaded.length) return;
  const ids = [...new Set(uploaded.map((ref) => ref.url.slice(UPLOADED_DOCUMENT_SCHEME.length)))];
  const found = await db.document.findMany({ where: { id: { in: ids }, workspaceId }, select: { id: true } });
  const known = new Set(found.map((doc) => doc.id));
  const missing = uploaded.find((ref) => !known.has(ref.url.slice(UPLOADED_DOCUMENT_SCHEME.length)));
  if (missing) throw new NotFound(`${missing.field}: the uploaded document ${missing.url}`);
}
