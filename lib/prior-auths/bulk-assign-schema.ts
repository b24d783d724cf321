import { z } from "zod";
import { ZPriorAuth } from "@/lib/schemas/prior-auth";

/** POST /prior_auths/bulk_assign: the same assignee for several cases of the workspace, all or none. */
export const ZBulkAssignRequest = z.strictObject({
  prior_auth_ids: z.array(z.uuid()).min(1).max(100).refine((ids) => new Set(ids).size === ids.length, { message: "must not repeat a case" }),
  /** A member's user id, "me" (the signed-in reviewer), or null to unassign. */
  assignee_id: z.union([z.uuid(), z.literal("me"), z.null()], { error: 'must be a user id (UUID), "me" or null' }),
});

export const ZBulkAssignResponse = z.object({ data: z.array(ZPriorAuth) });
