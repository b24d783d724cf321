import { ZDocumentId } from "@/lib/schemas/document";
import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { getDocumentOrThrow } from "@/lib/documents/document-queries";

export const dynamic = "force-dynamic";

// GET /documents/{document_id} - a stored document's metadata
export const GET = withWorkspace<{ document_id: string }>(async ({ params, workspace }) => {
  const documentId = ZDocumentId.parse(params.document_id);
  return json(await getDocumentOrThrow({ workspaceId: workspace.id, documentId }));
});
