import { withWorkspace } from "@/lib/api/with-workspace";
import { ZNoticeId } from "@/lib/schemas/notice";
import { noticePdf } from "@/lib/notices/notice-queries";

export const dynamic = "force-dynamic";

// GET /notices/{notice_id}/pdf - the notice as a PDF letter
export const GET = withWorkspace<{ notice_id: string }>(async ({ params, workspace }) => {
  const noticeId = ZNoticeId.parse(params.notice_id);
  const { bytes, fileName } = await noticePdf({ workspaceId: workspace.id, noticeId });
  return new Response(Buffer.from(bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" },
  });
});
