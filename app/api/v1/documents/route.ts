import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { readUpload } from "@/lib/api/read-upload";
import { loadFetchConfig } from "@/lib/documents/fetch-document";
import { uploadDocument } from "@/lib/documents/upload-document";

export const dynamic = "force-dynamic";

// POST /documents - upload a document (multipart `file`, or the raw body); returns a reference for document_url
export const POST = withWorkspace(async ({ req, workspace, actor }) => {
  // Within the same size cap as a fetched document.
  const upload = await readUpload(req, loadFetchConfig().maxBytes);
  const document = await uploadDocument({ workspaceId: workspace.id, actor, upload });
  return json(document, { status: 201, headers: { Location: `/api/v1/documents/${document.id}` } });
});
