import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { listDeterminations } from "@/lib/case-pipeline/run-determination";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/determinations - the immutable determination records, newest first
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  return json({ data: await listDeterminations({ workspaceId: workspace.id, priorAuthId }) });
});
