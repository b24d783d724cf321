import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZWebhookId } from "@/lib/schemas/webhook";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const dynamic = "force-dynamic";

// GET /webhooks/{webhook_id}/deliveries - the latest 100 deliveries with attempts and last error (admins, portal)
export const GET = withWorkspace<{ webhook_id: string }>(
  async ({ params, workspace }) => {
    const webhookId = ZWebhookId.parse(params.webhook_id);
    return json({ data: await listWebhookDeliveries({ workspaceId: workspace.id, webhookId }) });
  },
  { allow: ["session"], role: "admin" },
);
