import type { Prisma } from "@/lib/generated/prisma/client";
import { Conflict } from "@/lib/errors/domain-errors";

/**
 * Refuses a change that would leave the workspace without an active admin (removing, deactivating or demoting the
 * last one): nobody could then manage members, keys or settings. Called inside the change's transaction.
 */
export async function assertNotLastActiveAdmin(tx: Prisma.TransactionClient, opts: { workspaceId: string; membershipId: string; action: string }) {
  const others = await tx.membership.count({
    // An invitation not yet accepted is no admin yet.
    where: { workspaceId: opts.workspaceId, role: "admin", deactivatedAt: null, pendingSince: null, id: { not: opts.membershipId } },
  });
  if (others === 0) throw new Conflict(`The workspace's last active admin cannot be ${opts.action}; make another member an admin first.`);
}
