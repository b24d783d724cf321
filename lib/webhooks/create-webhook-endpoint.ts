import { prisma } from "@/lib/db/prisma";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { TCreateWebhookRequest } from "@/lib/schemas/webhook";
import { encryptSecret } from "./secret-box";
import { generateWebhookSecret } from "./sign-webhook";
import { validateWebhookUrl } from "./validate-webhook-url";
import { presentWebhookEndpoint } from "./present-webhook";

/** Registers an endpoint. The signing secret is returned this once; only its encrypted form is stored. */
export async function createWebhookEndpoint(opts: { workspaceId: string; actor: Actor; input: TCreateWebhookRequest }) {
  const url = await validateWebhookUrl(opts.input.url);
  const secret = generateWebhookSecret();
  const events = [...new Set(opts.input.events)];
  const endpoint = await prisma.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: { workspaceId: opts.workspaceId, url, events, secretCiphertext: encryptSecret(secret), secretStart: secret.slice(0, 12), createdBy: opts.actor.label },
    });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "webhook.created", details: { webhook_id: created.id, url, events } });
    return created;
  });
  return { ...presentWebhookEndpoint(endpoint), secret };
}
