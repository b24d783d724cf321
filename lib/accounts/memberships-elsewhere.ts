import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * How many memberships the account has outside this workspace, in any state (active, deactivated, invited). While
 * there is one, no admin of this workspace may set or reset the account's password, or issue a link that does: the
 * account is someone's sign-in elsewhere too.
 */
export async function countMembershipsElsewhere(tx: Prisma.TransactionClient, opts: { userId: string; workspaceId: string }) {
  return tx.membership.count({ where: { userId: opts.userId, workspaceId: { not: opts.workspaceId } } });
}

export const SHARED_ACCOUNT_MESSAGE =
  "This account also belongs to (or is invited to) another workspace, so no admin may set its password: its owner changes it, signed in, on the Account page.";
