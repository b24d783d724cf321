import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZSupportingInformationRequest } from "@/lib/schemas/supporting-information";
import { addSupportingInformation, listClaimRecords } from "@/lib/supporting-info/add-supporting-information";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";

export const dynamic = "force-dynamic";

// POST /prior_auths/{prior_auth_id}/supporting_information - attach claim history and a test claim
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const body = await parseJsonBody(req, ZSupportingInformationRequest);
  return json(await addSupportingInformation({ workspaceId: workspace.id, priorAuthId, actor, body }), { status: 201 });
});

// GET /prior_auths/{prior_auth_id}/supporting_information - what has been attached so far
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  return json(await listClaimRecords({ workspaceId: workspace.id, priorAuthId }));
});
