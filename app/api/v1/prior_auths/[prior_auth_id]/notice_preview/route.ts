import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZNoticePreviewQuery } from "@/lib/schemas/notice-preview";
import { previewNotice, previewNoticePdf } from "@/lib/notices/preview-notice";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/notice_preview?outcome= - the notice a decision would issue now, before it is
// issued (JSON, or ?format=pdf the letter), and whether it may be issued (patient and drug verified)
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const query = ZNoticePreviewQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  if (query.format === "pdf") {
    const { bytes, fileName } = await previewNoticePdf({ workspaceId: workspace.id, priorAuthId, actor, query });
    return new Response(Buffer.from(bytes), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${fileName}"`, "Cache-Control": "private, no-store" },
    });
  }
  return json(await previewNotice({ workspaceId: workspace.id, priorAuthId, actor, query }));
});
