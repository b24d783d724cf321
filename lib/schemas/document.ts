import { z } from "zod";

/** A stored document's metadata; `document_url` is what POST /prior_auths accepts for it. */
export const ZDocumentId = z.uuid({ error: "document_id must be a UUID" });

export const ZDocument = z.object({
  id: z.uuid(),
  document_url: z.string(),
  source_url: z.string().nullable(),
  file_name: z.string().nullable(),
  content_type: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  page_count: z.number().int().nullable(),
  /** Scanned pages or an image wait for text recognition, which runs when a case using the document is read. */
  recognition_pending: z.boolean(),
  created_at: z.string(),
});

/** A case's document with its place in the case and its text per page. */
export const ZCaseDocument = ZDocument.extend({
  position: z.number().int(),
  pages: z
    .array(
      z.object({
        page: z.number().int(),
        text: z.string(),
        /** Present when the page's text was read by text recognition of its image. */
        recognition: z
          .object({
            /** Mean word confidence, 0-100. */
            confidence: z.number(),
            /** Degrees clockwise the page image was turned to be read upright. */
            rotation: z.number().int(),
            /** Each word as [x0, y0, x1, y1, text], in pt from the top left of the upright page, 612 pt wide. */
            words: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.string()])),
          })
          .optional(),
      }),
    )
    .nullable(),
});

export const ZCaseDocumentList = z.object({ data: z.array(ZCaseDocument) });

/** POST /documents: multipart with a `file` field, or the raw bytes with their Content-Type. */
export const ZDocumentUpload = z.object({ file: z.string().meta({ format: "binary" }) });
