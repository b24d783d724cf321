import { z } from "zod";
import { ZPolicyReading } from "@/lib/policies/reread/policy-reading";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { ZCalendarDate, ZInt4 } from "./common";
import { ZCheck } from "@/lib/policies/check-schema";
import type { PolicySection } from "@/lib/policies/types";

const ZNdc = z
  .string()
  .trim()
  .meta({
    pattern: "^\\s*(\\d{4}-\\d{4}-\\d{2}|\\d{5}-\\d{3}-\\d{2}|\\d{5}-\\d{4}-\\d|\\d{10,11})\\s*$",
    description: "An NDC: 10 digits in a 4-4-2, 5-3-2 or 5-4-1 layout, or 11 digits",
  })
  .transform((value, ctx) => {
  const ndc = normalizeNdc(value);
  if (!ndc) {
    ctx.addIssue({ code: "custom", message: `${value} is not an NDC (10 digits in a 4-4-2, 5-3-2 or 5-4-1 layout, or 11 digits)` });
    return z.NEVER;
  }
  return ndc;
});
const ZCpt = z.string().trim().toUpperCase().regex(/^(\d{4}[0-9A-Z]|[A-V]\d{4})$/, "must be a CPT (5 characters) or HCPCS Level II code (a letter and 4 digits)");

export const POLICY_STATUSES = ["draft", "active", "retired"] as const;

/** Metadata that may accompany a policy upload (multipart fields or JSON). */
export const ZPolicyMetadata = z.strictObject({
  title: z.string().trim().min(1).max(300).optional(),
  payer: z.string().trim().max(200).optional(),
  /** The date the payer's policy takes effect (YYYY-MM-DD, a real calendar date). */
  effective_date: z.string().trim().pipe(ZCalendarDate).optional(),
  status: z.enum(POLICY_STATUSES).optional(),
  ndc_codes: z.array(ZNdc).max(500).optional(),
  cpt_codes: z.array(ZCpt).max(500).optional(),
  drug_names: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
});

/** JSON upload: the policy's text (pages separated by form feeds \f), or a criteria document (lib/policies/policy-payload.ts). */
export const ZCreatePolicyJson = ZPolicyMetadata.extend({
  text: z.string().min(1, "must not be empty").max(2_000_000).optional(),
  criteria_document: z.record(z.string(), z.unknown()).optional(),
}).superRefine((body, ctx) => {
  if (!body.text === !body.criteria_document) ctx.addIssue({ code: "custom", message: "give exactly one of text or criteria_document (or upload a PDF)", path: [] });
});

export const ZCriterionEdit = z.strictObject({
  criterion_id: z.string().min(1).max(100),
  /** Replace the classified check (lib/policies/check-schema.ts: one shape per kind, validated), or mark it manual. */
  check: ZCheck.optional(),
  manual: z.boolean().optional(),
  text: z.string().trim().min(1).max(5000).optional(),
});

/** GET /policies query: by status, or the sections of one uploaded document. */
export const ZListPoliciesQuery = z.strictObject({
  status: z.enum(POLICY_STATUSES).optional(),
  document_id: z.uuid({ error: "document_id must be a UUID" }).optional(),
});

/** POST /policies query: the same PDF uploaded again is refused (409) unless the admin asks for a second copy. */
export const ZCreatePolicyQuery = z.strictObject({
  allow_duplicate: z.enum(["true", "false"], { error: "allow_duplicate must be true or false" }).optional().transform((v) => v === "true"),
});

export const ZPolicyId = z.uuid({ error: "policy_id must be a UUID" });
export const ZPolicyDocumentId = z.uuid({ error: "document_id must be a UUID" });

/** The uploaded document and section a policy was read from (null for text and criteria uploads). */
export const ZPolicySourceDocument = z.object({
  id: z.uuid(),
  file_name: z.string().nullable(),
  /** single_drug | criteria_table | formulary | part_d_criteria */
  family: z.string().nullable(),
  section_label: z.string().nullable(),
  pages: z.array(z.number().int()),
  requirement_codes: z.array(z.string()),
});

/** An uploaded policy document with its sections (one policy per drug or class section). */
export const ZPolicyDocument = z.object({
  id: z.uuid(),
  file_name: z.string().nullable(),
  sha256: z.string(),
  page_count: z.number().int().nullable(),
  family: z.string().nullable(),
  payer: z.string().nullable(),
  effective_date: z.string().nullable(),
  section_count: z.number().int(),
  active_sections: z.number().int(),
  /** The background re-read of the document (queued, reading with cells done of total, done, failed); null when never queued. */
  reading: ZPolicyReading.nullable(),
  /** Some section was read by an older reader: re-read the document. */
  reread_recommended: z.boolean(),
  /** Sections' requirement cells the reader could not read (manual steps until read). */
  unread_requirements: z.number().int(),
  sections: z.array(
    z.object({
      policy_id: z.uuid(),
      status: z.enum(POLICY_STATUSES),
      title: z.string().nullable(),
      section_label: z.string().nullable(),
      drug_names: z.array(z.string()),
      pages: z.array(z.number().int()),
      requirement_codes: z.array(z.string()),
      criteria_count: z.number().int(),
      unread_requirements: z.number().int(),
      reread_recommended: z.boolean(),
    }),
  ),
  created_at: z.string(),
  created_by: z.string(),
});
export const ZPolicyDocumentList = z.object({ data: z.array(ZPolicyDocument) });

/** GET /policies/{policy_id} query: an older version. */
export const ZGetPolicyQuery = z.strictObject({ version: z.coerce.number().pipe(ZInt4.min(1)).optional() });

/** A policy as the API answers it (documented loosely: pages and criteria trees are large and versioned). */
export const ZPolicy = z.looseObject({
  id: z.uuid(),
  status: z.enum(POLICY_STATUSES),
  title: z.string().optional(),
  version: z.number().int().optional(),
  document: ZPolicySourceDocument.nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});

export const ZPolicyList = z.object({ data: z.array(ZPolicy) });

export const ZUpdatePolicyRequest = ZPolicyMetadata.extend({
  criteria_edits: z.array(ZCriterionEdit).max(200).optional(),
  change_note: z.string().trim().max(1000).optional(),
});

/** POST /policies/{policy_id}/publish: the draft becomes the new active version. */
export const ZPublishDraftRequest = z.strictObject({ change_note: z.string().trim().min(1, "must not be empty").max(1000) });

/** GET /policies/{policy_id}/versions/compare: version numbers, or "draft" for the pending draft. */
const ZVersionRef = z.union([z.literal("draft"), z.coerce.number().pipe(ZInt4.min(1))], { error: "expected a version number or draft" });
export const ZCompareVersionsQuery = z.strictObject({ from: ZVersionRef, to: ZVersionRef });
export const ZVersionNumber = z.coerce.number({ error: "version must be a number" }).pipe(ZInt4.min(1));

/** A criterion's change between two versions (or a version and the draft). */
export const ZCriterionChange = z.object({
  criterion_id: z.string(),
  section: z.string(),
  change: z.enum(["added", "removed", "changed"]),
  text_before: z.string().nullable(),
  text_after: z.string().nullable(),
  check_before: ZCheck.nullable(),
  check_after: ZCheck.nullable(),
});
export const ZPolicyComparison = z.object({
  policy_id: z.uuid(),
  from: z.union([z.number().int(), z.literal("draft")]),
  to: z.union([z.number().int(), z.literal("draft")]),
  changes: z.array(ZCriterionChange),
});
/** The pending draft: the version it was started from, who last edited it, and its changes against the active version. */
export const ZPolicyDraft = z.object({
  policy_id: z.uuid(),
  base_version: z.number().int(),
  active_version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string(),
  changes: z.array(ZCriterionChange),
});

// The full answer shapes the portal reads (z.infer in components/policies/types.ts). The criteria trees are the
// engine's own types (lib/policies/types.ts); lib/schemas/policy-shapes.test.ts parses the presenter's output with these.
const ZCriteriaSection = z.custom<PolicySection>((v) => typeof v === "object" && v !== null && "criteria" in v, "expected a policy section");

/** A policy in lists (GET /policies): the latest version's selecting codes and the document section it comes from. */
export const ZPolicySummary = z.object({
  id: z.uuid(),
  status: z.enum(POLICY_STATUSES),
  version: z.number().int(),
  title: z.string(),
  payer: z.string().nullable(),
  effective_date: z.string().nullable(),
  ndc_codes: z.array(z.string()),
  cpt_codes: z.array(z.string()),
  drug_names: z.array(z.string()),
  sections: z.number().int(),
  criteria_count: z.number().int(),
  document: ZPolicySourceDocument.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A policy in full (GET /policies/{id}): pages, the criteria tree, suggestions, the reader and the version history. */
export const ZPolicyDetail = ZPolicySummary.extend({
  version_id: z.uuid(),
  document_id: z.uuid().nullable(),
  pages: z.array(z.object({ page: z.number().int(), text: z.string() })),
  parsed: z.object({ sections: z.array(ZCriteriaSection), drug_names: z.array(z.string()) }),
  reader: z.object({ reader_version: z.string().nullable(), current_reader_version: z.string(), reread_recommended: z.boolean(), message: z.string().nullable() }),
  suggestions: z.object({ ndc_codes: z.array(z.string()), cpt_codes: z.array(z.string()), drug_names: z.array(z.string()) }),
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string(), created_by: z.string(), change_note: z.string().nullable() })),
});

/** POST /policies: the first section's policy, the uploaded document and every section's policy. */
export const ZPolicyUploadResult = ZPolicyDetail.extend({
  policy_document: z.object({ id: z.uuid(), file_name: z.string().nullable(), family: z.string(), sections: z.number().int() }).nullable(),
  policies: z.array(ZPolicySummary),
});
