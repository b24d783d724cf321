import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { ZCreateSmartClientRequest } from "@/lib/schemas/smart-client";
import { createSmartClient, listSmartClients } from "@/lib/smart/smart-clients";
import { tokenUrl } from "@/lib/smart/smart-configuration";

export const dynamic = "force-dynamic";

// GET /smart_clients - the workspace's SMART backend services clients (admins, portal)
export const GET = withWorkspace(async ({ req, workspace }) => json({ data: await listSmartClients({ workspaceId: workspace.id, tokenUrl: tokenUrl(publicOrigin(req)!) }) }), {
  allow: ["session"],
  role: "admin",
});

// POST /smart_clients - register a client with its public keys (JWKS inline or by URL) (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZCreateSmartClientRequest);
    return json(await createSmartClient({ workspaceId: workspace.id, actor, input, tokenUrl: tokenUrl(publicOrigin(req)!) }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
