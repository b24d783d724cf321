import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZPolicyId, ZPublishDraftRequest } from "@/lib/schemas/policy";
import { publishDraft } from "@/lib/policy-library/policy-drafts";
import { getPolicyOrThrow } from "@/lib/policy-library/policy-queries";

export const dynamic = "force-dynamic";

// POST /policies/{policy_id}/publish - the draft becomes the new active version (admins; 409 when there is no draft)
export const POST = withWorkspace<{ policy_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const policyId = ZPolicyId.parse(params.policy_id);
    const { change_note } = await parseJsonBody(req, ZPublishDraftRequest);
    await publishDraft({ workspaceId: workspace.id, policyId, actor, changeNote: change_note });
    return json(await getPolicyOrThrow({ workspaceId: workspace.id, policyId }));
  },
  { role: "admin" },
);
