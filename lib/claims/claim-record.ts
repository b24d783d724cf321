import { z } from "zod";

// A claim record as the engines read it (ClaimRecord.data): the shape without the request's limits, since a record
// converted from an ExplanationOfBenefit never went through them. lib/schemas/supporting-information.ts checks that
// the request's schemas give exactly these types.

export const ZStoredClaimRecord = z.object({
  claim_id: z.string(),
  date: z.string(),
  type: z.enum(["pharmacy", "medical"]),
  status: z.enum(["paid", "denied", "pending"]),
  drug_name: z.string().optional(),
  ndc: z.string().optional(),
  procedure_code: z.string().optional(),
  /** Days supplied by a pharmacy fill (step-therapy durations). */
  days_supply: z.number().optional(),
});
export type ClaimRecord = z.infer<typeof ZStoredClaimRecord>;

export const ZStoredTestClaim = z.object({
  claim_id: z.string(),
  date: z.string(),
  status: z.enum(["pending", "approved", "denied"]),
  expected_coverage: z.boolean().optional(),
  adjudication_notes: z.string().optional(),
});
export type TestClaim = z.infer<typeof ZStoredTestClaim>;
