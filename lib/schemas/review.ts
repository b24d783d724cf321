import { z } from "zod";

const ZIsoDate = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

/**
 * An approval with a modification of a PAS request's item (X12 306 A6, "modified"): what is certified instead of what
 * was asked, a lower quantity and/or a shorter period within the one asked for.
 */
export const ZItemModification = z
  .strictObject({
    item_sequence: z.number({ error: "must be the item's sequence in the request" }).int().min(1),
    quantity: z.number({ error: "must be a number" }).positive("must be more than 0").max(1_000_000).optional(),
    period: z.strictObject({ start: ZIsoDate, end: ZIsoDate }).refine((p) => p.start <= p.end, { message: "must not end before it starts", path: ["end"] }).optional(),
  })
  .refine((m) => m.quantity !== undefined || m.period !== undefined, { message: "give the certified quantity, period or both" });
export const ZItemModifications = z.array(ZItemModification).min(1, "must name at least one item").max(100);
export type TItemModification = z.infer<typeof ZItemModification>;

export const ZReviewRequest = z.strictObject({
  decision: z.enum(["approved", "denied", "request_for_information"], { error: "must be approved, denied or request_for_information" }),
  note: z.string({ error: "is required" }).trim().min(1, "is required: say why").max(10_000),
  /** A denial's reason code from the workspace's list (GET /workspace: denial_reason_codes); printed on the notice. */
  reason_code: z.string().trim().min(1).max(40).optional(),
  /** The determination decided (GET /determinations); the case's latest when omitted. Another case's is 404. */
  determination_id: z.uuid({ error: "must be a determination's id (a UUID)" }).optional(),
  /**
   * A second, different decision on a decided case is an amendment, said so explicitly with its reason: without it a
   * decision on a decided case is 409. The amendment is audited (review.amended) and issues a corrected notice.
   */
  amendment: z
    .strictObject({ reason: z.string({ error: "is required" }).trim().min(1, "is required: say why the decision changes").max(2000) }, { error: "must be an object with a reason" })
    .optional(),
  /** Approve a PAS request's items with a modification (A6): each item certified with a lower quantity or a shorter period. */
  modifications: ZItemModifications.optional(),
}).refine((body) => !body.modifications || body.decision === "approved", { message: "only an approval takes modifications", path: ["modifications"] });
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
  /** For an amendment: the decision it changed, and why (null for a first decision). */
  amends_review_id: z.uuid().nullable(),
  amendment_reason: z.string().nullable(),
  /** An approval with modified items (PAS A6): what each named item is certified for instead of what was asked. */
  modifications: z.array(ZItemModification).nullable(),
  created_at: z.string(),
});

export const ZReviewList = z.object({ data: z.array(ZReview) });

/** POST /prior_auths/{id}/cancel: withdrawing an open case; the reason is kept on the case and in the audit trail. */
export const ZCancelRequest = z
  .strictObject({ reason: z.string().trim().min(1, "must not be empty").max(2000).optional() })
  .optional();
export type TCancelRequest = z.infer<typeof ZCancelRequest>;
