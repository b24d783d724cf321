import { z } from "zod";

/** Spec 2.7, plus the record's id, the engine's own recommendation before the clinician rule, and its digests. */
export const ZDetermination = z.looseObject({
  id: z.uuid(),
  status: z.enum(["approved", "denied", "request_for_information", "pending_review"]),
  recommended_status: z.enum(["approved", "denied", "request_for_information", "pending_review"]),
  reasoning: z.array(z.object({ step: z.number().int(), description: z.string(), source: z.string() })),
  recommendation: z.string(),
  references: z.array(z.string()),
  summary: z.string(),
  missing_information: z.array(z.string()),
  /** Set when the engine's approval is final without a person: the rule that allowed it. */
  approved_automatically: z.object({ rule: z.string() }).nullable().optional(),
  policy: z.object({ id: z.uuid().nullable(), version: z.number().int().nullable(), title: z.string(), source: z.string(), section: z.string().nullable() }),
  policy_check_id: z.uuid(),
  engine_version: z.string(),
  inputs_digest: z.string(),
  content_digest: z.string(),
  /** ISO 8601 with zone designator. */
  generated_at: z.string(),
});

export const ZDeterminationResponse = z.object({ determination: ZDetermination });

export const ZDeterminationList = z.object({ data: z.array(ZDetermination) });
