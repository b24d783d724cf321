import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { idempotentJson } from "@/lib/api/idempotent-json";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZReviewRequest } from "@/lib/schemas/review";
import { recordReview } from "@/lib/reviews/record-review";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/review - a reviewer's decision (approve, deny, request information) with a note;
// once per case (409 otherwise) unless an explicit amendment; Idempotency-Key replays the first answer
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const input = await parseJsonBody(req, ZReviewRequest);
  return idempotentJson({ req, workspaceId: workspace.id, body: input }, async () => ({
    status: 201,
    body: await recordReview({ workspaceId: workspace.id, priorAuthId, actor, input, requireClinicianForAdverse: workspace.requireClinicianForAdverse }),
  }));
});
