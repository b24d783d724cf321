import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { createApiKey, listApiKeys } from "@/lib/api-keys/api-keys";
import { ZCreateApiKeyRequest } from "@/lib/schemas/api-key";

export const dynamic = "force-dynamic";

// GET /api_keys - the workspace's keys (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listApiKeys({ workspaceId: workspace.id }) }), { allow: ["session"], role: "admin" });

// POST /api_keys - a new key, shown once, optionally with an expiry (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const { name, ...expiry } = await parseJsonBody(req, ZCreateApiKeyRequest);
    return json(await createApiKey({ workspaceId: workspace.id, name, createdBy: actor.label, actor, expiry }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
