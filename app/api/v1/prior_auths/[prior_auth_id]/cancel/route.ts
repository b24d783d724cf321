import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { cancelPriorAuth } from "@/lib/prior-auths/cancel-prior-auth";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/cancel - cancel an open case
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  return json(await cancelPriorAuth({ workspaceId: workspace.id, priorAuthId, actor }));
});
