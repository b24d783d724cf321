import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { listCaseDocuments } from "@/lib/documents/document-queries";
import { parseJsonBody } from "@/lib/api/parse";
import { ZAddCaseDocumentsRequest } from "@/lib/schemas/case-documents";
import { addCaseDocuments } from "@/lib/prior-auths/add-case-documents";
import { idempotentJson } from "@/lib/api/idempotent-json";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/documents - the stored documents of a case, with their text per page
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  return json({ data: await listCaseDocuments({ workspaceId: workspace.id, priorAuthId }) });
});

// POST /prior_auths/{prior_auth_id}/documents - add documents to an open case: it is read again, re-evaluated and returns to review
export const POST = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace, actor }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const input = await parseJsonBody(req, ZAddCaseDocumentsRequest);
  return idempotentJson({ req, workspaceId: workspace.id, body: input }, async () => {
    const priorAuth = await addCaseDocuments({ workspaceId: workspace.id, priorAuthId, actor, input });
    return { status: priorAuth.status === "Processing" ? 202 : 200, body: priorAuth };
  });
});
