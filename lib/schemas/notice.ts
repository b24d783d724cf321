import { z } from "zod";
import { ZDenialReasonCode } from "@/lib/notices/denial-reason-codes";

export const ZNoticeId = z.uuid({ error: "notice_id must be a UUID" });

const ZNoticeReason = z.object({
  step: z.number().int().nullable().describe("The criterion's number in the policy check, when the reason is one"),
  text: z.string(),
  policyText: z.string().nullable().describe("The policy's own words for the criterion"),
  finding: z.string().nullable().describe("What the case's records show, or what is missing"),
});

/** A notice of a decision or of a request for information: its content is fixed when issued. */
export const ZNotice = z.object({
  id: z.uuid(),
  prior_auth_id: z.uuid(),
  kind: z.enum(["decision", "request_for_information"]),
  outcome: z.enum(["approved", "denied", "request_for_information"]),
  pdf_url: z.string().describe("GET it (with the same key) for the PDF letter"),
  content: z.object({
    title: z.string(),
    outcome: z.enum(["approved", "denied", "request_for_information"]),
    case_id: z.string(),
    patient: z.object({ name: z.string().nullable(), birthDate: z.string().nullable(), memberId: z.string().nullable() }),
    drug: z.object({ name: z.string().nullable(), strength: z.string().nullable(), quantity: z.number().nullable(), quantityUnit: z.string().nullable(), daysSupply: z.number().nullable() }),
    policy: z.object({ title: z.string(), section: z.string().nullable() }).nullable(),
    decision: z.string(),
    reason_code: ZDenialReasonCode.nullable(),
    reasons: z.array(ZNoticeReason),
    requested_information: z.array(z.string()),
    decided_by: z.string().describe('"engine" for an automatic approval or request, else the reviewer'),
    reviewer_note: z.string().nullable(),
    received_at: z.string(),
    issued_at: z.string(),
    appeal: z.string().nullable(),
    correction: z
      .object({
        corrects_notice_id: z.uuid().nullable().describe("The notice this one corrects (null when the amended decision issued none)"),
        corrects_title: z.string().nullable(),
        corrects_issued_at: z.string().nullable(),
        reason: z.string().describe("Why the decision was amended"),
        statement: z.string().describe("The correction in words, as printed on the letter"),
      })
      .nullable()
      .describe("Set when this notice corrects an earlier one (an amended decision)"),
  }),
  created_at: z.string(),
});

export const ZNoticeList = z.object({ data: z.array(ZNotice) });
