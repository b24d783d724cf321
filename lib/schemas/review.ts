import { z } from "zod";

export const ZReviewRequest = z.strictObject({
  decision: z.enum(["approved", "denied", "request_for_information"], { error: "must be approved, denied or request_for_information" }),
  note: z.string({ error: "is required" }).trim().min(1, "is required: say why").max(10_000),
  /** A denial's reason code from the workspace's list (GET /workspace: denial_reason_codes); printed on the notice. */
  reason_code: z.string().trim().min(1).max(40).optional(),
});
export type TReviewRequest = z.infer<typeof ZReviewRequest>;

export const ZReview = z.object({
  id: z.uuid(),
  decision: z.enum(["approved", "denied", "request_for_information"]),
  note: z.string(),
  reviewer: z.string(),
  determination_id: z.uuid().nullable(),
  engine_recommendation: z.string().nullable(),
  reason_code: z.string().nullable(),
  /** The notice this decision issued (GET /notices/{id}; its PDF at /notices/{id}/pdf), in the answer to POST /review and in GET /reviews. */
  notice_id: z.uuid().nullable(),
  created_at: z.string(),
});

export const ZReviewList = z.object({ data: z.array(ZReview) });

/** POST /prior_auths/{id}/cancel: withdrawing an open case; the reason is kept on the case and in the audit trail. */
export const ZCancelRequest = z
  .strictObject({ reason: z.string().trim().min(1, "must not be empty").max(2000).optional() })
  .optional();
export type TCancelRequest = z.infer<typeof ZCancelRequest>;
