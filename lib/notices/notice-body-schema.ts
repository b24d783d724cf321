// A notice's stored content (Notice.body) as a schema, in the shape the API answers with (lib/schemas/notice.ts's
// `content` is this schema) and the letter is rendered from; NoticeBody (build-notice.ts) is checked against it, so
// the three cannot drift. Notices issued before corrections existed have no `correction`: migrated on read to null
// (they correct nothing). Read loose: a notice's content is fixed when issued and shown as stored.
import { z } from "zod";
import { readStoredRecord, type RecordMigration, type Same } from "@/lib/stored-record";
import type { NoticeBody } from "./build-notice";
import { ZDenialReasonCode } from "./denial-reason-codes";

const ZNoticeOutcome = z.enum(["approved", "denied", "request_for_information"]);

const ZNoticeReason = z.object({
  step: z.number().int().nullable().describe("The criterion's number in the policy check, when the reason is one"),
  text: z.string(),
  policyText: z.string().nullable().describe("The policy's own words for the criterion"),
  finding: z.string().nullable().describe("What the case's records show, or what is missing"),
});

export const ZNoticeBody = z.object({
  title: z.string(),
  outcome: ZNoticeOutcome,
  case_id: z.string(),
  patient: z.object({ name: z.string().nullable(), birthDate: z.string().nullable(), memberId: z.string().nullable() }),
  drug: z.object({ name: z.string().nullable(), strength: z.string().nullable(), quantity: z.number().nullable(), quantityUnit: z.string().nullable(), daysSupply: z.number().nullable() }),
  service: z
    .object({ code: z.string(), system: z.enum(["CPT", "HCPCS"]), display: z.string().nullable() })
    .nullable()
    .describe("The requested procedure or service (CPT/HCPCS) of a request without a drug; null for a drug"),
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
});

const bodyTypesAgree: Same<z.infer<typeof ZNoticeBody>, NoticeBody> = true;
void bodyTypesAgree;

/** Notices issued before corrections existed (the body has no `correction` key): they correct nothing. */
export const noticeBeforeCorrections: RecordMigration = {
  name: "notice before corrections",
  applies: (stored) => typeof stored === "object" && stored !== null && !Array.isArray(stored) && !("correction" in stored),
  migrate: (stored) => Object.assign({}, stored, { correction: null }),
};

/** Notices issued before services were named (no `service` key): they named a drug. */
export const noticeBeforeServices: RecordMigration = {
  name: "notice before services",
  applies: (stored) => typeof stored === "object" && stored !== null && !Array.isArray(stored) && !("service" in stored),
  migrate: (stored) => Object.assign({}, stored, { service: null }),
};

/** A notice's stored content, as the letter and the API read it (keys this code does not name kept). */
export function readNoticeBody(stored: unknown, noticeId: string): NoticeBody {
  return readStoredRecord(ZNoticeBody.loose(), stored, {
    record: `the content of notice ${noticeId}`,
    remedy: "the notice cannot be shown or printed; record the decision again to issue a new notice",
    migrations: [noticeBeforeCorrections, noticeBeforeServices],
  });
}
