import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { parseJsonBody } from "@/lib/api/parse";
import { idempotentJson } from "@/lib/api/idempotent-json";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZCorrectionRequest } from "@/lib/schemas/corrections";
import { recordCorrection } from "@/lib/corrections/record-correction";
import { listCorrections } from "@/lib/corrections/list-corrections";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/corrections - correct one intake fact (with its source), audited, and re-evaluate
// the case at once; Idempotency-Key replays the first answer
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const input = await parseJsonBody(req, ZCorrectionRequest);
  return idempotentJson({ req, workspaceId: workspace.id, body: input }, async () => ({
    status: 201,
    body: await recordCorrection({ workspaceId: workspace.id, priorAuthId, actor, input, requireClinicianForAdverse: workspace.requireClinicianForAdverse }),
  }));
});

// GET /prior_auths/{prior_auth_id}/corrections - every correction of the case, newest first
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  return json(await listCorrections({ workspaceId: workspace.id, priorAuthId }));
});
