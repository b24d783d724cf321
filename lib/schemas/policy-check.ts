import { z } from "zod";
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

/** Spec 2.6, plus the outcome, the criterion, the quote's page and the evidence of each answer. */
export const ZPolicyCheckStep = z.object({
  step: z.number().int(),
  question_or_action: z.string(),
  answer: z.string(),
  passed: z.boolean(),
  reason: z.string(),
  policy_guideline_quoted_source: z.string(),
  outcome: z.enum(["met", "not_met", "missing", "manual"]),
  criterion_id: z.string(),
  /** What to send when the outcome is missing. */
  missing_information: z.string().optional(),
  /** An alternative of an ANY group that another alternative already satisfied. */
  not_needed: z.boolean().optional(),
  /** An alternative of a ONE-of group that is not met while another may still meet the group (outcome stays missing). */
  unmet_alternative: z.boolean().optional(),
  /** `recognised`: the quote was read from the page image by text recognition, with its `confidence` (0-100). */
  policy_quote: z.object({ page: z.number().int(), text: z.string(), recognised: z.boolean().optional(), confidence: z.number().optional() }).nullable(),
  /** The reading rule that classified the criterion (absent for policies read before rules were recorded). */
  rule: z.string().optional(),
  evidence: z.array(
    z.object({
      document_id: z.string().optional(),
      page: z.number().int().nullable().optional(),
      start: z.number().int().optional(),
      end: z.number().int().optional(),
      quote: z.string(),
      claim_id: z.string().optional(),
    }),
  ),
});

export const ZPolicyCheckResult = z.object({
  id: z.uuid(),
  policy_check: z.array(ZPolicyCheckStep),
  policy: z.object({ id: z.uuid().nullable(), version: z.number().int().nullable(), title: z.string(), source: z.enum(["library", "policy_document_url", "policy_payload"]), section: z.string().nullable() }),
  summary: z.object({ overall: z.enum(["met", "not_met", "missing"]), failed_steps: z.array(z.number().int()), missing_steps: z.array(z.number().int()) }),
  created_at: z.string(),
});

export const ZPolicyCheckResponse = ZPolicyCheckResult;
export const ZPolicyCheckList = z.object({ data: z.array(ZPolicyCheckResult) });
