// A PAS Subscription as stored (PasSubscription + its webhook endpoint) and as the server shows it: its status comes
// from its handshake's delivery (requested while it is under way, active once delivered, error once it failed for good).
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { presentPasSubscription, type BackportSubscription, type PasSubscriptionRequest, type PasSubscriptionStatus } from "@/lib/fhir/pas/pas-subscription";
import { readStoredRecord, type Same } from "@/lib/stored-record";

type Tx = Prisma.TransactionClient;

const ZStoredSubscriptionRequest = z.object({
  endpoint: z.string(),
  orgIdentifier: z.string(),
  reason: z.string(),
  end: z.string().optional(),
  off: z.boolean(),
});
const sameShape: Same<z.infer<typeof ZStoredSubscriptionRequest>, PasSubscriptionRequest> = true;
void sameShape;

export function readSubscriptionRequest(row: { id: string; request: unknown }): PasSubscriptionRequest {
  return readStoredRecord(ZStoredSubscriptionRequest, row.request, { record: `PAS Subscription ${row.id}`, remedy: "delete the subscription and create it again" });
}

type SubscriptionRow = { id: string; endpointId: string; request: unknown; version: number; updatedAt: Date };

/** The Subscription resource of a stored row, its status read from the latest handshake's delivery. */
export async function presentStoredSubscription(tx: Tx, row: SubscriptionRow): Promise<BackportSubscription> {
  const request = readSubscriptionRequest(row);
  const handshake = await tx.webhookDelivery.findFirst({
    where: { endpointId: row.endpointId, eventType: "pas.handshake" },
    orderBy: { createdAt: "desc" },
    select: { status: true, lastError: true },
  });
  const status: PasSubscriptionStatus = request.off ? "off" : handshake?.status === "delivered" ? "active" : handshake?.status === "failed" ? "error" : "requested";
  return presentPasSubscription({ id: row.id, request, status, version: row.version, updatedAt: row.updatedAt, ...(status === "error" && handshake?.lastError ? { error: handshake.lastError } : {}) });
}
