import { z } from "zod";
import { ZDocumentUrl } from "./prior-auth";

/** POST /prior_auths/{id}/documents: more material for an open case (the answer to a request for information). */
export const ZAddCaseDocumentsRequest = z.strictObject({
  document_urls: z.array(ZDocumentUrl).min(1, "must name at least one document").max(20, "at most 20 documents at a time"),
  /** Read the new material now and answer with the case's state (up to PA_SYNC_TIMEOUT_MS), as create does. */
  synchronous_request: z.boolean().optional(),
  /** Why the documents are added, e.g. "chart notes requested on 11/20". Kept in the audit trail. */
  note: z.string().trim().min(1).max(2000).optional(),
});
export type TAddCaseDocumentsRequest = z.infer<typeof ZAddCaseDocumentsRequest>;
