import { z } from "zod";
import { QUEUE_VIEWS } from "@/lib/prior-auths/queue-views";
import { epaRequestDate, REQUEST_DATE_MAX_DAYS_BACK, requestDateProblem } from "@/lib/request-date";

export const UPLOADED_DOCUMENT_SCHEME = "pa-document:";

/** A document address: http(s), or `pa-document:<uuid>` returned by POST /documents. */
export const ZDocumentUrl = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(4096, "is too long")
  .refine((value) => {
    if (value.startsWith(UPLOADED_DOCUMENT_SCHEME)) return z.uuid().safeParse(value.slice(UPLOADED_DOCUMENT_SCHEME.length)).success;
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL or a pa-document: reference from POST /documents")
  .meta({ format: "uri", description: "An http(s) URL, or pa-document:<uuid> as returned by POST /documents." });

export const ZCreatePriorAuthRequest = z
  .strictObject({
    case_id: z.string({ error: "is required (a non-empty string)" }).trim().min(1, "must not be empty").max(200),
    document_url: ZDocumentUrl.optional(),
    ePA: z
      .strictObject({
        document_urls: z.array(ZDocumentUrl).max(20, "at most 20 documents").optional(),
        epa_payload: z.record(z.string(), z.unknown(), { error: "must be a JSON object" }).optional(),
      })
      .optional(),
    synchronous_request: z.boolean().optional(),
    /** An expedited request: the shorter decision deadline applies. */
    expedited: z.boolean().optional(),
    /** When the payer received the request, if earlier than now (ISO 8601); the SLA clock starts there. */
    received_at: z.iso
      .datetime({ offset: true, local: true, error: "must be an ISO 8601 date-time" })
      .refine((v) => {
        const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
        return t <= Date.now() + 60_000 && t >= Date.now() - 365 * 86400_000;
      }, "must be in the past year and not in the future")
      .optional(),
    /** The day the request was made (YYYY-MM-DD), if not the day it was received: ages and look-back windows count from it. */
    request_date: z
      .string({ error: "must be a date (YYYY-MM-DD)" })
      .superRefine((v, ctx) => {
        const problem = requestDateProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .meta({ format: "date", description: `The day the request was made (YYYY-MM-DD); default: the day it was received. Not in the future, at most ${REQUEST_DATE_MAX_DAYS_BACK} days back. Ages and look-back windows of the policy check count from it. May also be given as the ePA payload's request_date (this field wins).` })
      .optional(),
  })
  // Exactly one source: said in the document as oneOf over which field is present (the refinement below checks it).
  .meta({
    oneOf: [
      { required: ["document_url"], not: { required: ["ePA"] } },
      { required: ["ePA"], not: { required: ["document_url"] } },
    ],
  })
  .superRefine((body, ctx) => {
    const hasUrl = body.document_url !== undefined;
    const hasEpa = body.ePA !== undefined;
    if (hasUrl && hasEpa) ctx.addIssue({ code: "custom", message: "give exactly one source: document_url or ePA, not both", path: [] });
    if (!hasUrl && !hasEpa) ctx.addIssue({ code: "custom", message: "a source is required: document_url or ePA", path: [] });
    if (hasEpa && !body.ePA?.document_urls?.length && !body.ePA?.epa_payload) {
      ctx.addIssue({ code: "custom", message: "must have document_urls and/or epa_payload", path: ["ePA"] });
    }
    // The payload is read with tolerance, but the day its ages and look-backs count from is checked like the field.
    const stated = epaRequestDate(body.ePA?.epa_payload);
    if (stated) {
      const problem = typeof stated.value === "string" ? requestDateProblem(stated.value) : "must be a date (YYYY-MM-DD)";
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["ePA", "epa_payload", stated.key] });
    }
  });
export type TCreatePriorAuthRequest = z.infer<typeof ZCreatePriorAuthRequest>;

export const PRIOR_AUTH_STATES = ["Processing", "Succeeded", "Failed", "Cancelled"] as const;

/** Every value of a prior authorization's `status`, with what it means (the OpenAPI document shows these). */
export const PRIOR_AUTH_STATUS_DESCRIPTIONS = {
  Processing: "Intake is reading the documents.",
  Succeeded: "Intake finished; no determination yet.",
  Failed: "Intake could not read the request (failure_reason says why).",
  Cancelled: "Withdrawn (status_reason says why).",
  approved: "Approved, by the engine or a reviewer.",
  denied: "Denied by a reviewer.",
  request_for_information: "Waiting for more information from the requester.",
  pending_review: "The engine could not decide: a reviewer must.",
} as const;
export const PRIOR_AUTH_STATUSES = Object.keys(PRIOR_AUTH_STATUS_DESCRIPTIONS) as (keyof typeof PRIOR_AUTH_STATUS_DESCRIPTIONS)[];

export const ZPriorAuth = z.object({
  id: z.uuid(),
  case_id: z.string(),
  // Typed as a string for the presenters; documented (and checked by the fuzz test) as the enum.
  status: z.string().meta({
    enum: PRIOR_AUTH_STATUSES,
    description: Object.entries(PRIOR_AUTH_STATUS_DESCRIPTIONS).map(([k, v]) => `${k}: ${v}`).join(" "),
  }),
  intake_status: z.enum(PRIOR_AUTH_STATES),
  document_url: z.string().nullable(),
  failure_reason: z.string().nullable(),
  expedited: z.boolean(),
  patient_name: z.string().nullable(),
  drug_name: z.string().nullable(),
  assignee: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  /** When the decision is due (workspace SLA: expedited or standard). */
  sla_due_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Who made the final decision: "engine" for an automatic approval, else the reviewer. */
  decided_by: z.string().nullable(),
  /** The latest determination's own outcome (before any clinician rule) and the policy it applied. */
  engine_recommendation: z.string().nullable(),
  policy_title: z.string().nullable(),
  /** Why the case was withdrawn or reopened. */
  status_reason: z.string().nullable(),
  /** A read case the engine could not check: why (no policy in the library for its drug). Null otherwise. */
  unchecked_reason: z.string().nullable(),
  /** Since when the case waits for requested information; `sla_paused`: its decision clock stands still meanwhile. */
  waiting_since: z.string().nullable(),
  sla_paused: z.boolean(),
  /** While the case is Processing: how far the reading of its documents is (null otherwise). */
  intake_progress: z
    .object({
      phase: z.enum(["fetching", "reading", "recognizing", "extracting"]).describe("recognizing: text recognition (OCR) of scanned pages"),
      document: z.number().int().describe("1-based position of the document being read"),
      documents: z.number().int(),
      pages_done: z.number().int(),
      pages_total: z.number().int(),
    })
    .nullable(),
  received_at: z.string(),
  /** The day the request was made (YYYY-MM-DD): as the client stated it, else the day it was received. */
  request_date: z.string().meta({ format: "date" }),
  /** How the request came in: "pas" through the FHIR endpoint (POST /fhir/Claim/$submit), "api" through /api/v1 or the portal. */
  channel: z.enum(["api", "pas"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPriorAuth = z.infer<typeof ZPriorAuth>;

export const ZPriorAuthId = z.uuid({ error: "prior_auth_id must be a UUID" });

export const ZListPriorAuthsQuery = z.strictObject({
  /** A work-queue view: open work, needs review, mine, waiting for information, overdue, decided, or all (default). */
  view: z.enum(QUEUE_VIEWS).optional(),
  status: z.enum(PRIOR_AUTH_STATUSES as [keyof typeof PRIOR_AUTH_STATUS_DESCRIPTIONS, ...(keyof typeof PRIOR_AUTH_STATUS_DESCRIPTIONS)[]]).optional(),
  case_id: z.string().max(200).optional(),
  /** Case id, patient name or drug name contains this text. */
  q: z.string().max(200).optional(),
  /** A user id, "me" (portal), or "none". */
  assignee: z.union([z.uuid(), z.literal("me"), z.literal("none")], { error: 'must be a user id (UUID), "me" or "none"' }).optional(),
  overdue: z.enum(["true", "false"]).optional(),
  sort: z.enum(["newest", "oldest", "due"]).default("newest"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

export const ZUpdatePriorAuthRequest = z.strictObject({
  /** A member's user id, "me" (the signed-in reviewer), or null to unassign. */
  assignee_id: z.union([z.uuid(), z.literal("me"), z.null()]).optional(),
  expedited: z.boolean().optional(),
});

/** GET /prior_auths: one page, newest first by default; `next_cursor` is null on the last page. */
export const ZPriorAuthList = z.object({ data: z.array(ZPriorAuth), next_cursor: z.string().nullable() });
