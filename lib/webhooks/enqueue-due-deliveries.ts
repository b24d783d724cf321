import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { kickWebhookDeliveries } from "./kick-webhook-deliveries";

/**
 * The sweep: pending deliveries whose time has come get a job. Covers a queueing that failed after the commit, a
 * worker that died mid-send (its claim runs out), and jobs that ran before the event's transaction committed.
 */
export async function enqueueDueWebhookDeliveries(limit = 200): Promise<number> {
  const due = await prisma.webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: new Date() } },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  if (due.length) {
    await kickWebhookDeliveries(due.map((d) => d.id));
    logger.info("queued due webhook deliveries", { count: due.length });
  }
  return due.length;
}
