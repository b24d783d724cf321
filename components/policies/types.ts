// The portal's view of GET /api/v1/policies and /policies/{id} (lib/policies/present-policy.ts).
export interface Quote { page: number; text: string }
export type Check = { kind: string } & Record<string, unknown>;
export type CriteriaNode =
  | { kind: "group"; id: string; logic: "all" | "any"; minCount?: number; text: string | null; quote: Quote | null; children: CriteriaNode[] }
  | { kind: "criterion"; id: string; text: string; quote: Quote; check: Check; rule?: string };
export interface PolicySection { id: string; title: string; kind: string; approvalDuration: string | null; criteria: CriteriaNode }

/** The uploaded document and section a policy was read from (null for text and criteria uploads). */
export interface PolicySource {
  id: string; file_name: string | null; family: string | null; section_label: string | null; pages: number[]; requirement_codes: string[];
}

export interface PolicySummary {
  id: string; status: "draft" | "active" | "retired"; version: number; title: string; payer: string | null; effective_date: string | null;
  ndc_codes: string[]; cpt_codes: string[]; drug_names: string[]; sections: number; criteria_count: number; created_at: string; updated_at: string;
  document?: PolicySource | null;
}

/** POST /policies: the first section's policy, the document and every section's policy. */
export interface PolicyUploadResult extends PolicySummary {
  policy_document: { id: string; file_name: string | null; family: string; sections: number } | null;
  policies: PolicySummary[];
}

/** GET /policies/documents: an uploaded document with its sections (lib/policies/policy-queries.ts). */
export interface PolicyDocumentView {
  id: string; file_name: string | null; sha256: string; page_count: number | null; family: string | null; payer: string | null; effective_date: string | null;
  section_count: number; active_sections: number; created_at: string; created_by: string;
  sections: { policy_id: string; status: "draft" | "active" | "retired"; title: string | null; section_label: string | null; drug_names: string[]; pages: number[]; requirement_codes: string[]; criteria_count: number }[];
}

/** How the portal names a document family. */
export const FAMILY_NAMES: Record<string, string> = {
  single_drug: "Single-drug policy",
  criteria_table: "Criteria table",
  formulary: "Formulary / drug list",
  part_d_criteria: "Part D criteria book",
};
export const familyName = (family: string | null | undefined) => (family ? (FAMILY_NAMES[family] ?? family) : "—");

export interface PolicyDetail extends PolicySummary {
  version_id: string;
  document_id: string | null;
  pages: { page: number; text: string }[];
  parsed: { sections: PolicySection[]; drug_names: string[] };
  suggestions: { ndc_codes: string[]; cpt_codes: string[]; drug_names: string[] };
  versions: { version: number; created_at: string; created_by: string; change_note: string | null }[];
}
