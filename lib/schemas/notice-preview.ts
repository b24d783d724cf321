import { z } from "zod";
import { ZNotice } from "./notice";

/** GET /prior_auths/{id}/notice_preview: the decision to preview, with what the reviewer would send with it. */
export const ZNoticePreviewQuery = z.strictObject({
  outcome: z.enum(["approved", "denied", "request_for_information"], { error: "must be approved, denied or request_for_information" }),
  note: z.string().trim().min(1).max(10_000).optional(),
  reason_code: z.string().trim().min(1).max(40).optional(),
  /** Preview an amendment of the decision that stands: the corrected notice with this reason. */
  amendment_reason: z.string().trim().min(1).max(2000).optional(),
  format: z.enum(["json", "pdf"]).default("json"),
});
export type TNoticePreviewQuery = z.infer<typeof ZNoticePreviewQuery>;

export const ZNoticePreview = z.object({
  notice: ZNotice.shape.content.describe("The notice exactly as a decision now would issue it (not stored)"),
  ready: z.boolean().describe("False while the patient or the drug it names is unread: the decision would be refused (422)"),
  unverified: z.array(z.object({ field: z.enum(["patient_name", "drug"]), message: z.string() })).describe("What to correct first (POST /corrections)"),
});
