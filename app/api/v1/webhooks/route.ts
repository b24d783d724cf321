import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZCreateWebhookRequest } from "@/lib/schemas/webhook";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export const dynamic = "force-dynamic";

// GET /webhooks - the workspace's webhook endpoints (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listWebhookEndpoints({ workspaceId: workspace.id }) }), {
  allow: ["session"],
  role: "admin",
});

// POST /webhooks - register an endpoint: URL and events; the signing secret is shown once (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZCreateWebhookRequest);
    return json(await createWebhookEndpoint({ workspaceId: workspace.id, actor, input }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
