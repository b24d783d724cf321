import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { ZSmartClientId } from "@/lib/schemas/smart-client";
import { revokeSmartClient } from "@/lib/smart/smart-clients";
import { tokenUrl } from "@/lib/smart/smart-configuration";

export const dynamic = "force-dynamic";

// DELETE /smart_clients/{smart_client_id} - revoke a client at once: no new tokens, and its tokens stop (admins, portal)
export const DELETE = withWorkspace<{ smart_client_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const id = ZSmartClientId.parse(params.smart_client_id);
    return json(await revokeSmartClient({ workspaceId: workspace.id, id, actor, tokenUrl: tokenUrl(publicOrigin(req)!) }));
  },
  { allow: ["session"], role: "admin" },
);
