import { z } from "zod";

/** Spec 2.5: both optional; without either, the workspace's policy is chosen by the case's NDC or CPT codes. */
export const ZPolicyCheckRequest = z.strictObject({
  policy_document_url: z.string().max(4096).optional(),
  policy_payload: z.string().max(2_000_000).optional(),
});

/** Spec 2.6: one numbered step of the check. */
export const ZPolicyCheckStep = z.looseObject({
  step: z.number().int(),
  question_or_action: z.string(),
  answer: z.string(),
  passed: z.boolean(),
  reason: z.string(),
  policy_guideline_quoted_source: z.string(),
});

export const ZPolicyCheckResponse = z.looseObject({ policy_check: z.array(ZPolicyCheckStep) });

export const ZPolicyCheckList = z.object({ data: z.array(z.looseObject({ id: z.uuid(), created_at: z.string() })) });
