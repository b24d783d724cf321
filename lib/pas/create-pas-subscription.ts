// POST /fhir/Subscription: a PAS Subscription of the workspace, with its own webhook endpoint (the outbox that signs
// and retries its notifications) and its handshake queued. The signing secret is returned this once.
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { BackportSubscription } from "@/lib/fhir/pas/pas-subscription";
import { FHIR_JSON } from "@/lib/fhir/pas/pas-subscription";
import type { PasProblem } from "@/lib/fhir/pas/validate-pas";
import { encryptSecret } from "@/lib/webhooks/secret-box";
import { generateWebhookSecret } from "@/lib/webhooks/sign-webhook";
import { readSubscriptionBody } from "./read-subscription-body";
import { sendPasHandshake } from "./send-pas-handshake";
import { presentStoredSubscription } from "./stored-pas-subscription";

export type SubscriptionOutcome = { ok: true; subscription: BackportSubscription; secret?: string } | { ok: false; problems: PasProblem[] };

export async function createPasSubscription(opts: { workspaceId: string; actor: Actor; body: unknown; serverBase: string }): Promise<SubscriptionOutcome> {
  const reading = await readSubscriptionBody(opts.body);
  if (!reading.ok) return reading;
  const { request } = reading;
  const secret = generateWebhookSecret();
  const subscription = await prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        workspaceId: opts.workspaceId, url: request.endpoint, events: [], contentType: FHIR_JSON,
        secretCiphertext: encryptSecret(secret), secretStart: secret.slice(0, 12), createdBy: opts.actor.label,
      },
    });
    const row = await tx.pasSubscription.create({
      data: { workspaceId: opts.workspaceId, endpointId: endpoint.id, orgIdentifier: request.orgIdentifier, request: request as unknown as Prisma.InputJsonValue, createdBy: opts.actor.label },
    });
    if (!request.off) await sendPasHandshake(tx, { workspaceId: opts.workspaceId, subscription: row, serverBase: opts.serverBase });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "pas.subscription.created",
      details: { subscription_id: row.id, endpoint: request.endpoint, org_identifier: request.orgIdentifier },
    });
    return presentStoredSubscription(tx, row);
  });
  return { ok: true, subscription, secret };
}
