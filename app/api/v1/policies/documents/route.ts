import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { listPolicyDocuments } from "@/lib/policy-library/policy-queries";

export const dynamic = "force-dynamic";

// GET /policies/documents - uploaded policy documents with their sections
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listPolicyDocuments({ workspaceId: workspace.id }) }));
