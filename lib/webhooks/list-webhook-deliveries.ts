import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { presentWebhookDelivery } from "./present-webhook";

/** The latest deliveries of one endpoint, newest first. */
export async function listWebhookDeliveries(opts: { workspaceId: string; webhookId: string; limit?: number }) {
  const endpoint = await prisma.webhookEndpoint.findFirst({ where: { id: opts.webhookId, workspaceId: opts.workspaceId }, select: { id: true } });
  if (!endpoint) throw new NotFound(`Webhook ${opts.webhookId}`);
  const rows = await prisma.webhookDelivery.findMany({
    where: { endpointId: endpoint.id, workspaceId: opts.workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 100,
  });
  return rows.map(presentWebhookDelivery);
}
