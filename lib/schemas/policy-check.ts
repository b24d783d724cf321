import { z } from "zod";
import { ZPolicyCheckPolicy, ZPolicyCheckRollup, ZPolicyCheckStep } from "@/lib/policies/policy-check-record";
import { ZDocumentUrl } from "./prior-auth";

/** Spec 2.5: both optional. A policy given here overrides the library's selection. */
export const ZPolicyCheckRequest = z
  .strictObject({
    policy_document_url: ZDocumentUrl.optional(),
    /** Policy text, or a JSON criteria document (lib/policies/POLICY_PAYLOAD.md) as a string. */
    policy_payload: z.string().min(1, "must not be empty").max(2_000_000).optional(),
  })
  .refine((b) => !(b.policy_document_url && b.policy_payload), "give policy_document_url or policy_payload, not both")
  .optional();
export type TPolicyCheckRequest = z.infer<typeof ZPolicyCheckRequest>;

/** Spec 2.6, plus the outcome, the criterion, the quote's page and the evidence of each answer: the stored step. */
export { ZPolicyCheckStep };

export const ZPolicyCheckResult = z.object({
  id: z.uuid(),
  policy_check: z.array(ZPolicyCheckStep),
  policy: ZPolicyCheckPolicy,
  summary: ZPolicyCheckRollup,
  created_at: z.string(),
});

export const ZPolicyCheckResponse = ZPolicyCheckResult;
export const ZPolicyCheckList = z.object({ data: z.array(ZPolicyCheckResult) });
