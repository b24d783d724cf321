import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { presentStoredSubscription } from "./stored-pas-subscription";

/** The workspace's subscription row; another workspace's is not found (404), as on /api/v1. */
export async function findPasSubscriptionOrThrow(tx: Prisma.TransactionClient, opts: { workspaceId: string; subscriptionId: string }) {
  const row = z.uuid().safeParse(opts.subscriptionId).success ? await tx.pasSubscription.findFirst({ where: { id: opts.subscriptionId, workspaceId: opts.workspaceId } }) : null;
  if (!row) throw new NotFound(`Subscription ${opts.subscriptionId}`);
  return row;
}

// GET /fhir/Subscription/{id}
export async function getPasSubscriptionOrThrow(opts: { workspaceId: string; subscriptionId: string }) {
  return prisma.$transaction(async (tx) => presentStoredSubscription(tx, await findPasSubscriptionOrThrow(tx, opts)));
}
