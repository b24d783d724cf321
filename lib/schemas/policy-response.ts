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
