import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { listAuditEvents } from "@/lib/audit/list-audit-events";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/events - the audit trail of a case, oldest first
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  return json({ data: await listAuditEvents({ workspaceId: workspace.id, priorAuthId }) });
});
