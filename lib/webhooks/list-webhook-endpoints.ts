import { prisma } from "@/lib/db/prisma";
import { presentWebhookEndpoint } from "./present-webhook";

/** The workspace's webhooks (a PAS Subscription's endpoint is shown as the Subscription, under /fhir). */
export async function listWebhookEndpoints(opts: { workspaceId: string }) {
  const endpoints = await prisma.webhookEndpoint.findMany({ where: { workspaceId: opts.workspaceId, pasSubscription: null }, orderBy: { createdAt: "desc" } });
  return endpoints.map(presentWebhookEndpoint);
}
