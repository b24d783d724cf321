import { withWorkspace } from "@/lib/api/with-workspace";
import { idempotentJson } from "@/lib/api/idempotent-json";
import { parseJsonBody } from "@/lib/api/parse";
import { ZCancelRequest } from "@/lib/schemas/review";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { cancelPriorAuth } from "@/lib/prior-auths/cancel-prior-auth";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/cancel - withdraw an open case (also one ready for review), optionally with a reason
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const input = await parseJsonBody(req, ZCancelRequest, { optional: true });
  return idempotentJson({ req, workspaceId: workspace.id, body: input ?? null }, async () => ({
    status: 200,
    body: await cancelPriorAuth({ workspaceId: workspace.id, priorAuthId, actor, reason: input?.reason ?? null }),
  }));
});
