import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { runDetermination } from "@/lib/case-pipeline/run-determination";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/determination - policy check + claims + history -> a determination (no body)
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const determination = await runDetermination({ workspaceId: workspace.id, priorAuthId, actor, requireClinicianForAdverse: workspace.requireClinicianForAdverse });
  return json({ determination });
});
