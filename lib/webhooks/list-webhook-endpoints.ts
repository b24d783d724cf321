import { prisma } from "@/lib/db/prisma";
import { presentWebhookEndpoint } from "./present-webhook";

export async function listWebhookEndpoints(opts: { workspaceId: string }) {
  const endpoints = await prisma.webhookEndpoint.findMany({ where: { workspaceId: opts.workspaceId }, orderBy: { createdAt: "desc" } });
  return endpoints.map(presentWebhookEndpoint);
}
