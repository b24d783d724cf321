import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZCompareVersionsQuery, ZPolicyId } from "@/lib/schemas/policy";
import { compareVersions } from "@/lib/policy-library/policy-drafts";

export const dynamic = "force-dynamic";

// GET /policies/{policy_id}/versions/compare?from=N&to=M - per-criterion changes (added, removed, changed); "draft" names the draft
export const GET = withWorkspace<{ policy_id: string }>(async ({ req, params, workspace }) => {
  const policyId = ZPolicyId.parse(params.policy_id);
  const { from, to } = ZCompareVersionsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json(await compareVersions({ workspaceId: workspace.id, policyId, from, to }));
});
