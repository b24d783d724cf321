import { ZApiKeyId } from "@/lib/schemas/api-key";
import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { revokeApiKey } from "@/lib/api-keys/api-keys";

export const dynamic = "force-dynamic";

// DELETE /api_keys/{api_key_id} - revoke a key at once (admins, portal)
export const DELETE = withWorkspace<{ api_key_id: string }>(
  async ({ params, workspace, actor }) => {
    const id = ZApiKeyId.parse(params.api_key_id);
    return json(await revokeApiKey({ workspaceId: workspace.id, id, actor }));
  },
  { allow: ["session"], role: "admin" },
);
