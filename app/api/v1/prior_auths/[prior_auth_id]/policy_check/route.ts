import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZPolicyCheckRequest } from "@/lib/schemas/policy-check";
import { runPolicyCheck } from "@/lib/case-pipeline/run-policy-check";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/policy_check - answer each criterion of the applicable policy from the case
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const request = await parseJsonBody(req, ZPolicyCheckRequest, { optional: true });
  return json(await runPolicyCheck({ workspaceId: workspace.id, priorAuthId, actor, request }));
});
