import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZBulkAssignRequest } from "@/lib/prior-auths/bulk-assign-schema";
import { bulkAssignPriorAuths } from "@/lib/prior-auths/bulk-assign-prior-auths";

export const dynamic = "force-dynamic";

// POST /prior_auths/bulk_assign - one assignee (a member, "me" or null) for several cases, all or none (audited per case)
export const POST = withWorkspace(async ({ req, workspace, actor }) => {
  const input = await parseJsonBody(req, ZBulkAssignRequest);
  return json({ data: await bulkAssignPriorAuths({ workspaceId: workspace.id, priorAuthIds: input.prior_auth_ids, assigneeId: input.assignee_id, actor }) });
});
