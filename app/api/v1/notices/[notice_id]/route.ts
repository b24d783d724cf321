import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZNoticeId } from "@/lib/schemas/notice";
import { getNoticeOrThrow } from "@/lib/notices/notice-queries";
import { presentNotice } from "@/lib/notices/present-notice";

export const dynamic = "force-dynamic";

// GET /notices/{notice_id} - a notice's content (JSON)
export const GET = withWorkspace<{ notice_id: string }>(async ({ params, workspace }) => {
  const noticeId = ZNoticeId.parse(params.notice_id);
  return json(presentNotice(await getNoticeOrThrow({ workspaceId: workspace.id, noticeId })));
});
