import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPolicyDocumentId } from "@/lib/schemas/policy";
import { getPolicyDocumentOrThrow } from "@/lib/policy-library/policy-queries";
import { enqueuePolicyDocumentReread } from "@/lib/policy-library/reread/enqueue-reread";

export const dynamic = "force-dynamic";

// POST /policies/documents/{document_id}/reread - queue a re-read with the current reader (admins; 202; 409 while one runs)
export const POST = withWorkspace<{ document_id: string }>(
  async ({ params, workspace }) => {
    const documentId = ZPolicyDocumentId.parse(params.document_id);
    await enqueuePolicyDocumentReread({ workspaceId: workspace.id, documentId, reason: "request" });
    return json(await getPolicyDocumentOrThrow({ workspaceId: workspace.id, documentId }), { status: 202 });
  },
  { role: "admin" },
);
