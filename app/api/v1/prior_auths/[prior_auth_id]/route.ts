import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId, ZUpdatePriorAuthRequest } from "@/lib/schemas/prior-auth";
import { parseJsonBody } from "@/lib/api/parse";
import { updatePriorAuth } from "@/lib/prior-auths/update-prior-auth";
import { getPriorAuthAnswerOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { presentPriorAuth } from "@/lib/prior-auths/present-prior-auth";
import { idempotentJson } from "@/lib/api/idempotent-json";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id} - read a prior authorization
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  return json(presentPriorAuth(await getPriorAuthAnswerOrThrow({ workspaceId: workspace.id, priorAuthId })));
});

// PATCH /prior_auths/{prior_auth_id} - assign (a member, "me" or null) or change the expedited flag; Idempotency-Key as create
export const PATCH = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const input = await parseJsonBody(req, ZUpdatePriorAuthRequest);
  return idempotentJson({ req, workspaceId: workspace.id, body: input }, async () => ({
    status: 200,
    body: await updatePriorAuth({ workspaceId: workspace.id, sla: workspace, priorAuthId, actor, input }),
  }));
});
