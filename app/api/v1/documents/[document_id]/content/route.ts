import { ZDocumentId } from "@/lib/schemas/document";
import { withWorkspace } from "@/lib/api/with-workspace";
import { getDocumentBytesOrThrow } from "@/lib/documents/document-queries";

export const dynamic = "force-dynamic";

// GET /documents/{document_id}/content - the original bytes (the portal's PDF viewer reads them)
export const GET = withWorkspace<{ document_id: string }>(async ({ params, workspace }) => {
  const documentId = ZDocumentId.parse(params.document_id);
  const doc = await getDocumentBytesOrThrow({ workspaceId: workspace.id, documentId });
  return new Response(new Uint8Array(doc.bytes), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Disposition": `inline; filename="${(doc.fileName ?? documentId).replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
