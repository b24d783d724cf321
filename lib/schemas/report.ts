import { z } from "zod";
import { ZCalendarDate } from "./supporting-information";

export const ZMetricsQuery = z
  .strictObject({
    /** First day (UTC) of requests received, inclusive. Default: 30 days before `to`. */
    from: ZCalendarDate.optional(),
    /** Last day (UTC), inclusive. Default: today. */
    to: ZCalendarDate.optional(),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });

export const ZMetricsStats = z.object({
  requests: z.number().int(),
  /** Requests with a final decision (approved or denied). */
  decided: z.number().int(),
  approved: z.number().int(),
  denied: z.number().int(),
  /** Shares of all requests, in percent with one decimal; null without requests. */
  approved_pct: z.number().nullable(),
  denied_pct: z.number().nullable(),
  /** Approved by a reviewer after the engine recommended otherwise or pended the case. */
  approved_after_review: z.number().int(),
  approved_after_review_pct: z.number().nullable(),
  /** Hours from receipt to the final decision, over decided requests; null when none. */
  avg_hours_to_decision: z.number().nullable(),
  median_hours_to_decision: z.number().nullable(),
});
export type TMetricsStats = z.infer<typeof ZMetricsStats>;

export const ZMetricsGroup = z.object({ all: ZMetricsStats, standard: ZMetricsStats, expedited: ZMetricsStats });
export type TMetricsGroup = z.infer<typeof ZMetricsGroup>;

/** How often reviewers corrected each intake fact of the period's cases (POST /prior_auths/{id}/corrections). */
export const ZCorrectionMetrics = z.object({
  total: z.number().int().describe("Corrections made"),
  cases_corrected: z.number().int().describe("Cases with at least one correction"),
  cases: z.number().int().describe("Cases received in the period"),
  by_field: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      corrections: z.number().int(),
      cases_corrected: z.number().int(),
      case_rate: z.number().nullable().describe("Share of the period's cases with this field corrected (null without cases)"),
    }),
  ),
});
export type TCorrectionMetrics = z.infer<typeof ZCorrectionMetrics>;

export const ZMetricsReport = z.object({
  from: z.string(),
  to: z.string(),
  generated_at: z.string(),
  overall: ZMetricsGroup,
  items: z.array(
    ZMetricsGroup.extend({
      /** The drug name, or the procedure code, of the request. */
      item: z.string(),
      item_type: z.enum(["drug", "procedure", "unspecified"]),
    }),
  ),
  corrections: ZCorrectionMetrics.optional().describe("How often each intake fact was corrected: the engine's reading errors as reviewers see them"),
});
export type TMetricsReport = z.infer<typeof ZMetricsReport>;
