import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "./actor";

type Tx = Prisma.TransactionClient;

export const SYSTEM_ACTOR: Actor = { type: "user", id: "system", label: "system", role: "system" };

/** Written in the same transaction as the change it records, so the trail never misses or invents a change. */
export async function recordAuditEvent(
  tx: Tx,
  event: { workspaceId: string; priorAuthId?: string; actor: Actor; action: string; details?: Record<string, unknown> },
) {
  await tx.auditEvent.create({
    data: {
      workspaceId: event.workspaceId,
      priorAuthId: event.priorAuthId,
      actorType: event.actor.id === "system" ? "system" : event.actor.type,
      actor: event.actor.label,
      action: event.action,
      details: (event.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}
