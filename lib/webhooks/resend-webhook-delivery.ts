import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { kickWebhookDeliveries } from "./kick-webhook-deliveries";
import { presentWebhookDelivery } from "./present-webhook";

/** Sends a delivery again with the same event id (receivers de-duplicate on it), with a fresh set of attempts. */
export async function resendWebhookDelivery(opts: { workspaceId: string; deliveryId: string; actor: Actor }) {
  const delivery = await prisma.$transaction(async (tx) => {
    const current = await tx.webhookDelivery.findFirst({ where: { id: opts.deliveryId, workspaceId: opts.workspaceId } });
    if (!current) throw new NotFound(`Webhook delivery ${opts.deliveryId}`);
    const updated = await tx.webhookDelivery.update({
      where: { id: current.id },
      data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null },
    });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "webhook_delivery.resent",
      details: { delivery_id: current.id, event_id: current.eventId, event_type: current.eventType, previous_status: current.status },
    });
    return updated;
  });
  await kickWebhookDeliveries([delivery.id]);
  return presentWebhookDelivery(delivery);
}
