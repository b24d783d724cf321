// The decision clock while a case waits for requested information: entering the wait records since when (and, under
// the workspace's rule, stops the clock); leaving it moves the due time by the time waited when the clock stood still.
// Pure (waitingClockUpdate); every place that changes a case's status adds these fields to its update.
import type { Prisma } from "@/lib/generated/prisma/client";

export interface WaitingState {
  status: string;
  dueAt: Date | null;
  waitingSince: Date | null;
  slaPaused: boolean;
}

export interface WaitingUpdate {
  waitingSince?: Date | null;
  slaPaused?: boolean;
  dueAt?: Date | null;
}

const WAITING = "request_for_information";

export function waitingClockUpdate(current: WaitingState, nextStatus: string, opts: { pauseClockWhileWaiting: boolean; now: Date }): WaitingUpdate {
  const wasWaiting = current.status === WAITING;
  const willWait = nextStatus === WAITING;
  if (!wasWaiting && willWait) return { waitingSince: opts.now, slaPaused: opts.pauseClockWhileWaiting };
  if (wasWaiting && !willWait) {
    const waitedMs = current.slaPaused && current.waitingSince ? Math.max(0, opts.now.getTime() - current.waitingSince.getTime()) : 0;
    return { waitingSince: null, slaPaused: false, ...(waitedMs && current.dueAt ? { dueAt: new Date(current.dueAt.getTime() + waitedMs) } : {}) };
  }
  return {};
}

type Tx = Pick<Prisma.TransactionClient, "workspace">;

/** The fields to add to a status change of `current` (with the workspace's rule read only when the wait is involved). */
export async function waitingClockData(tx: Tx, current: WaitingState & { workspaceId: string }, nextStatus: string): Promise<WaitingUpdate> {
  if (current.status !== WAITING && nextStatus !== WAITING) return {};
  const { pauseClockWhileWaiting } = await tx.workspace.findUniqueOrThrow({ where: { id: current.workspaceId }, select: { pauseClockWhileWaiting: true } });
  return waitingClockUpdate(current, nextStatus, { pauseClockWhileWaiting, now: new Date() });
}
