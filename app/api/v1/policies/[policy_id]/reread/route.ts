import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPolicyId } from "@/lib/schemas/policy";
import { getPolicyDocumentOrThrow, getPolicyOrThrow } from "@/lib/policy-library/policy-queries";
import { rereadPolicy } from "@/lib/policy-library/reread/reread-policy";

export const dynamic = "force-dynamic";

// POST /policies/{policy_id}/reread - a document's section: its document's re-read is queued (202, the document);
// a text upload: parsed again now (200, the policy with its new version or draft). Admins.
export const POST = withWorkspace<{ policy_id: string }>(
  async ({ params, workspace, actor }) => {
    const policyId = ZPolicyId.parse(params.policy_id);
    const result = await rereadPolicy({ workspaceId: workspace.id, policyId, actor });
    if (result.kind === "queued") return json(await getPolicyDocumentOrThrow({ workspaceId: workspace.id, documentId: result.documentId }), { status: 202 });
    return json({ ...(await getPolicyOrThrow({ workspaceId: workspace.id, policyId })), reread: { action: result.applied.action, version: result.applied.version, change_note: result.applied.changeNote } });
  },
  { role: "admin" },
);
