import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { getWorkspaceSettings, updateWorkspaceSettings, ZWorkspaceSettings } from "@/lib/workspaces/workspace-settings";

export const dynamic = "force-dynamic";

// GET /workspace - the caller's workspace and its settings
export const GET = withWorkspace(async ({ workspace }) => json(await getWorkspaceSettings(workspace.id)));

// PATCH /workspace - SLA hours, the clinician-review rule, background evaluation, final engine approvals, the name (admins, portal)
export const PATCH = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZWorkspaceSettings);
    return json(await updateWorkspaceSettings({ workspaceId: workspace.id, actor, input }));
  },
  { allow: ["session"], role: "admin" },
);
