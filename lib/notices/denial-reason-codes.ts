// The short list of denial reasons a reviewer picks from (CMS-0057-F: every denial states a specific reason). The
// workspace may replace the list; the built-in one covers the reasons drug prior authorization criteria produce.
import { z } from "zod";

export const ZDenialReasonCode = z.strictObject({
  code: z.string().trim().regex(/^[A-Z][A-Z0-9_]{1,39}$/, "must be 2-40 capital letters, digits or _"),
  text: z.string().trim().min(3).max(300),
});
export const ZDenialReasonCodes = z
  .array(ZDenialReasonCode)
  .min(1, "must list at least one reason")
  .max(40)
  .refine((list) => new Set(list.map((r) => r.code)).size === list.length, "codes must be unique");
export type DenialReasonCode = z.infer<typeof ZDenialReasonCode>;

export const DEFAULT_DENIAL_REASON_CODES: readonly DenialReasonCode[] = [
  { code: "CRITERIA_NOT_MET", text: "The request does not meet the plan's coverage criteria for this drug." },
  { code: "STEP_THERAPY", text: "The plan requires a trial of other drugs first, and the records do not show it." },
  { code: "QUANTITY_LIMIT", text: "The quantity requested is more than the plan covers for this period." },
  { code: "AGE_LIMIT", text: "The plan covers this drug only for patients of another age." },
  { code: "PRESCRIBER", text: "The plan requires this drug to be prescribed by or with a specialist." },
  { code: "DIAGNOSIS", text: "The diagnosis in the records is not one the plan covers this drug for." },
  { code: "INFORMATION_NOT_RECEIVED", text: "The information the plan asked for was not received." },
  { code: "NOT_COVERED", text: "The drug or its use is not covered by the plan." },
];

export const DEFAULT_APPEAL_INSTRUCTIONS =
  "You may appeal this decision within 60 days of the date of this notice. Send a written request with any records that support it to the plan's appeals department; the prescriber may ask for a peer-to-peer review with the reviewing clinician. An expedited appeal is decided within 72 hours when waiting could seriously harm the patient's health.";

/** The workspace's list, or the built-in one. */
export function denialReasonCodesOf(stored: unknown): readonly DenialReasonCode[] {
  const parsed = ZDenialReasonCodes.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_DENIAL_REASON_CODES;
}
