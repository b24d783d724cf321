import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZWebhookDeliveryId } from "@/lib/schemas/webhook";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";

export const dynamic = "force-dynamic";

// POST /webhook_deliveries/{delivery_id}/resend - send again with the same event id (admins, portal)
export const POST = withWorkspace<{ delivery_id: string }>(
  async ({ params, workspace, actor }) => {
    const deliveryId = ZWebhookDeliveryId.parse(params.delivery_id);
    return json(await resendWebhookDelivery({ workspaceId: workspace.id, deliveryId, actor }), { status: 202 });
  },
  { allow: ["session"], role: "admin" },
);
