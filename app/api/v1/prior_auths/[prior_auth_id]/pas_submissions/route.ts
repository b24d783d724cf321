import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { listPasSubmissions } from "@/lib/pas/list-pas-submissions";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/pas_submissions - the PAS request Bundles of a case as received, oldest first
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  return json({ data: await listPasSubmissions({ workspaceId: workspace.id, priorAuthId }) });
});
