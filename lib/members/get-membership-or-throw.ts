import type { Prisma } from "@/lib/generated/prisma/client";
import { NotFound } from "@/lib/errors/domain-errors";

type Tx = Prisma.TransactionClient;

/** The membership of this workspace, or NotFound (another workspace's member is never revealed). */
export async function getMembershipOrThrow(tx: Tx, opts: { workspaceId: string; memberId: string }) {
  const membership = await tx.membership.findFirst({ where: { id: opts.memberId, workspaceId: opts.workspaceId }, include: { user: true } });
  if (!membership) throw new NotFound("Member");
  return membership;
}
