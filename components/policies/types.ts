// The portal's view of GET /api/v1/policies and /policies/{id}: the API's zod schemas (lib/schemas/policy.ts) and the
// engine's criteria types, never a hand-written copy. Type-only imports: no schema code reaches the browser.
import type { z } from "zod";
import type { ZPolicyDetail, ZPolicyDocument, ZPolicySourceDocument, ZPolicySummary, ZPolicyUploadResult } from "@/lib/schemas/policy";

export type { Check, CriteriaNode, PolicySection, Quote } from "@/lib/policies/types";

/** The uploaded document and section a policy was read from (null for text and criteria uploads). */
export type PolicySource = z.infer<typeof ZPolicySourceDocument>;

export type PolicySummary = z.infer<typeof ZPolicySummary>;

/** POST /policies: the first section's policy, the document and every section's policy. */
export type PolicyUploadResult = z.infer<typeof ZPolicyUploadResult>;

/** GET /policies/documents: an uploaded document with its sections (lib/policy-library/policy-queries.ts). */
export type PolicyDocumentView = z.infer<typeof ZPolicyDocument>;

/** How the portal names a document family. */
export const FAMILY_NAMES: Record<string, string> = {
  single_drug: "Single-drug policy",
  criteria_table: "Criteria table",
  formulary: "Formulary / drug list",
  part_d_criteria: "Part D criteria book",
};
export const familyName = (family: string | null | undefined) => (family ? (FAMILY_NAMES[family] ?? family) : "—");

export type PolicyDetail = z.infer<typeof ZPolicyDetail>;
