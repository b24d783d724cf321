import { z } from "zod";
import { ZNoticeBody } from "@/lib/notices/notice-body-schema";

export const ZNoticeId = z.uuid({ error: "notice_id must be a UUID" });

/** A notice of a decision or of a request for information: its content is fixed when issued. */
export const ZNotice = z.object({
  id: z.uuid(),
  prior_auth_id: z.uuid(),
  kind: z.enum(["decision", "request_for_information"]),
  outcome: z.enum(["approved", "denied", "request_for_information"]),
  pdf_url: z.string().describe("GET it (with the same key) for the PDF letter"),
  content: ZNoticeBody,
  created_at: z.string(),
});

export const ZNoticeList = z.object({ data: z.array(ZNotice) });
