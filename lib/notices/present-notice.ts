import { formatTimestamp } from "@/lib/time";
import type { NoticeBody } from "./build-notice";
import { readNoticeBody } from "./notice-body-schema";

type NoticeRow = { id: string; priorAuthId: string; kind: string; outcome: string; body: unknown; createdAt: Date };

/** The API's view of a notice: its fixed content, and where its PDF is. */
export const presentNotice = (row: NoticeRow) => ({
  id: row.id,
  prior_auth_id: row.priorAuthId,
  kind: row.kind as "decision" | "request_for_information",
  outcome: row.outcome as NoticeBody["outcome"],
  pdf_url: `/api/v1/notices/${row.id}/pdf`,
  // Notices issued before corrections existed carry no `correction`: read as correcting nothing.
  content: readNoticeBody(row.body, row.id),
  created_at: formatTimestamp(row.createdAt),
});
