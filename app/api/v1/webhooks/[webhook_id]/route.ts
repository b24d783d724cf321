import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZWebhookId } from "@/lib/schemas/webhook";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";

export const dynamic = "force-dynamic";

// DELETE /webhooks/{webhook_id} - remove an endpoint and its deliveries (admins, portal)
export const DELETE = withWorkspace<{ webhook_id: string }>(
  async ({ params, workspace, actor }) => {
    const webhookId = ZWebhookId.parse(params.webhook_id);
    return json(await deleteWebhookEndpoint({ workspaceId: workspace.id, webhookId, actor }));
  },
  { allow: ["session"], role: "admin" },
);
