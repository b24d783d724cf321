import { z } from "zod";

// The response side of lib/schemas/policy.ts (the policy library), kept apart while that file is being written.

export const ZPolicy = z.looseObject({
  id: z.uuid(),
  status: z.enum(["draft", "active", "retired"]),
  title: z.string().optional(),
  version: z.number().int().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});

export const ZPolicyList = z.object({ data: z.array(ZPolicy) });

/** GET /policies query. */
export const ZListPoliciesQuery = z.strictObject({ status: z.enum(["draft", "active", "retired"]).optional() });

/** GET /policies/{policy_id} query: an older version. */
export const ZGetPolicyQuery = z.strictObject({ version: z.coerce.number().int().min(1).optional() });
