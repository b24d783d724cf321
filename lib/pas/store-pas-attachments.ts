// The documents of a PAS request become uploads of the workspace (`pa-document:` references the case's pipeline reads
// like any other): base64 data decoded, URLs fetched now through the SSRF-safe fetcher with its size and time limits,
// so a document that cannot be had is the submitter's refusal (unprocessable, or too large), named by where it is in the request, not a failed case.
import type { Actor } from "@/lib/audit/actor";
import { DocumentTooLarge, DomainError } from "@/lib/errors/domain-errors";
import { fetchDocument, loadFetchConfig } from "@/lib/documents/fetch-document";
import { uploadDocument } from "@/lib/documents/upload-document";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import type { PasAttachment } from "@/lib/fhir/pas/read-pas-attachments";
import { refuse, type PasRefusal, type PasRefusalKind } from "@/lib/pas/pas-refusal";

/** As many documents as a case takes (ZCreatePriorAuthRequest: ePA.document_urls). */
const MAX_DOCUMENTS = 20;

export type StoredAttachments = { ok: true; documentUrls: string[] } | ({ ok: false } & PasRefusal);

export async function storePasAttachments(opts: { workspaceId: string; actor: Actor; attachments: PasAttachment[] }): Promise<StoredAttachments> {
  if (opts.attachments.length > MAX_DOCUMENTS) {
    return { ok: false, ...refuse("unprocessable", [{ expression: opts.attachments[MAX_DOCUMENTS].expression, message: `a request takes at most ${MAX_DOCUMENTS} documents` }]) };
  }
  const { maxBytes } = loadFetchConfig();
  const documentUrls: string[] = [];
  for (const attachment of opts.attachments) {
    const refused = (kind: PasRefusalKind, message: string): StoredAttachments => ({ ok: false, ...refuse(kind, [{ expression: attachment.expression, message }]) });
    try {
      let bytes: Uint8Array;
      let declaredType = attachment.contentType ?? "application/octet-stream";
      let fileName = attachment.title ?? null;
      if (attachment.data !== undefined) {
        // Base64 is 4 characters for 3 bytes: refuse an oversized document before decoding it.
        if (Math.floor((attachment.data.length * 3) / 4) > maxBytes + 2) throw new DocumentTooLarge(maxBytes);
        bytes = Buffer.from(attachment.data, "base64");
      } else if (attachment.url && /^https?:\/\//i.test(attachment.url)) {
        const fetched = await fetchDocument(attachment.url);
        bytes = fetched.bytes;
        declaredType = fetched.contentType;
        fileName ??= new URL(fetched.finalUrl).pathname.split("/").pop() || null;
      } else {
        return refused("unprocessable", `the attachment's URL ${attachment.url ?? ""} is neither an http(s) address nor a Binary of the Bundle`);
      }
      if (bytes.byteLength === 0) return refused("unprocessable", "the attachment is empty");
      const stored = await uploadDocument({ workspaceId: opts.workspaceId, actor: opts.actor, upload: { bytes, declaredType, fileName } });
      documentUrls.push(stored.document_url);
    } catch (error) {
      if (error instanceof DocumentTooLarge || (error instanceof DocumentFetchError && error.code === "too_large")) return refused("too_large", error.message);
      if (error instanceof DocumentFetchError || error instanceof DomainError) return refused("unprocessable", error.message);
      throw error;
    }
  }
  return { ok: true, documentUrls };
}
