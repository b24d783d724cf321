import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPolicyId } from "@/lib/schemas/policy";
import { discardDraft, getDraftOrThrow } from "@/lib/policy-library/policy-drafts";

export const dynamic = "force-dynamic";

// GET /policies/{policy_id}/draft - the pending draft and its per-criterion changes against the active version (404: none)
export const GET = withWorkspace<{ policy_id: string }>(async ({ params, workspace }) => {
  const policyId = ZPolicyId.parse(params.policy_id);
  return json(await getDraftOrThrow({ workspaceId: workspace.id, policyId }));
});

// DELETE /policies/{policy_id}/draft - discard the draft (admins)
export const DELETE = withWorkspace<{ policy_id: string }>(
  async ({ params, workspace, actor }) => {
    const policyId = ZPolicyId.parse(params.policy_id);
    const draft = await getDraftOrThrow({ workspaceId: workspace.id, policyId });
    await discardDraft({ workspaceId: workspace.id, policyId, actor });
    return json(draft);
  },
  { role: "admin" },
);
