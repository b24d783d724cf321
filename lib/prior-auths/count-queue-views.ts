import { prisma } from "@/lib/db/prisma";
import { QUEUE_VIEWS, queueViewWhere, type QueueView } from "./queue-views";

/** How many cases each view of the work queue holds, for the queue's tabs. */
export async function countQueueViews(opts: { workspaceId: string; userId: string | null }): Promise<Record<QueueView, number>> {
  const now = new Date();
  const counts = await Promise.all(
    QUEUE_VIEWS.map((view) => prisma.priorAuth.count({ where: { AND: [{ workspaceId: opts.workspaceId }, queueViewWhere(view, { userId: opts.userId, now })] } })),
  );
  return Object.fromEntries(QUEUE_VIEWS.map((view, i) => [view, counts[i]])) as Record<QueueView, number>;
}
