import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZGetPolicyQuery, ZPolicyId, ZUpdatePolicyRequest } from "@/lib/schemas/policy";
import { getPolicyOrThrow } from "@/lib/policy-library/policy-queries";
import { updatePolicy } from "@/lib/policy-library/update-policy";

export const dynamic = "force-dynamic";

// GET /policies/{policy_id} - pages, criteria tree, suggestions and versions (?version=N for an older one)
export const GET = withWorkspace<{ policy_id: string }>(async ({ req, params, workspace }) => {
  const policyId = ZPolicyId.parse(params.policy_id);
  const { version } = ZGetPolicyQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json(await getPolicyOrThrow({ workspaceId: workspace.id, policyId, version }));
});

// PATCH /policies/{policy_id} - status, codes, names, criteria edits (a new version for content changes)
export const PATCH = withWorkspace<{ policy_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const policyId = ZPolicyId.parse(params.policy_id);
    const input = await parseJsonBody(req, ZUpdatePolicyRequest);
    return json(await updatePolicy({ workspaceId: workspace.id, policyId, actor, input }));
  },
  { role: "admin" },
);
