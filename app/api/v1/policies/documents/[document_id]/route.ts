import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPolicyDocumentId } from "@/lib/schemas/policy";
import { getPolicyDocumentOrThrow } from "@/lib/policy-library/policy-queries";

export const dynamic = "force-dynamic";

// GET /policies/documents/{document_id} - one uploaded policy document with its sections
export const GET = withWorkspace<{ document_id: string }>(async ({ params, workspace }) =>
  json(await getPolicyDocumentOrThrow({ workspaceId: workspace.id, documentId: ZPolicyDocumentId.parse(params.document_id) })),
);
