import { enqueueJob } from "@/lib/jobs/definitions";
import { logger } from "@/lib/log";

/**
 * Queues a delivery job for each id. Best effort: a delivery whose job could not be queued is still `pending` in the
 * database, and the sweep (enqueueDueWebhookDeliveries) queues it later. Nothing is lost, only delayed.
 */
export async function kickWebhookDeliveries(deliveryIds: string[], opts: { startAfterSeconds?: number } = {}): Promise<void> {
  for (const deliveryId of deliveryIds) {
    try {
      await enqueueJob("deliverWebhook", { deliveryId }, { singletonKey: deliveryId, startAfterSeconds: opts.startAfterSeconds });
    } catch (error) {
      logger.warn("webhook delivery not queued; the sweep will pick it up", { deliveryId, error });
    }
  }
}
