import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPolicyId, ZVersionNumber } from "@/lib/schemas/policy";
import { restoreVersionAsDraft } from "@/lib/policy-library/policy-drafts";

export const dynamic = "force-dynamic";

// POST /policies/{policy_id}/versions/{version}/restore - a draft made from that version's criteria (admins); publish to apply
export const POST = withWorkspace<{ policy_id: string; version: string }>(
  async ({ params, workspace, actor }) => {
    const policyId = ZPolicyId.parse(params.policy_id);
    const version = ZVersionNumber.parse(params.version);
    return json(await restoreVersionAsDraft({ workspaceId: workspace.id, policyId, version, actor }));
  },
  { role: "admin" },
);
