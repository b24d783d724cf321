import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db/prisma";

export const LEASE_SECONDS = Number(process.env.PA_PROCESSING_LEASE_SECONDS ?? 30);

/** Thrown when another worker holds the case: the job is retried later (by then the holder finished or died). */
export class LeaseHeldError extends Error {
  constructor(priorAuthId: string) {
    super(`Prior authorization ${priorAuthId} is being processed by another worker.`);
  }
}

export interface Lease {
  owner: string;
  release(): Promise<void>;
}

/**
 * Takes the processing lease of a case still in Processing: one worker at a time, renewed while it works, free again
 * once it lapses (a killed worker's lease runs out after LEASE_SECONDS). Returns null when the case is no longer
 * Processing (finished or cancelled): there is nothing left to do.
 */
export async function acquireLease(priorAuthId: string): Promise<Lease | null> {
  const owner = `${process.pid}:${randomUUID()}`;
  const now = new Date();
  const claimed = await prisma.priorAuth.updateMany({
    where: { id: priorAuthId, status: "Processing", OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000), processingAttempts: { increment: 1 } },
  });
  if (claimed.count === 0) {
    const current = await prisma.priorAuth.findUnique({ where: { id: priorAuthId }, select: { status: true } });
    if (!current || current.status !== "Processing") return null;
    throw new LeaseHeldError(priorAuthId);
  }
  const timer = setInterval(() => {
    prisma.priorAuth
      .updateMany({ where: { id: priorAuthId, leaseOwner: owner }, data: { leaseUntil: new Date(Date.now() + LEASE_SECONDS * 1000) } })
      .catch(() => undefined);
  }, (LEASE_SECONDS * 1000) / 3);
  timer.unref();
  return {
    owner,
    async release() {
      clearInterval(timer);
      await prisma.priorAuth.updateMany({ where: { id: priorAuthId, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
    },
  };
}
