// The portal's view of GET /api/v1/policies and /policies/{id} (lib/policies/present-policy.ts).
export interface Quote { page: number; text: string }
export type Check = { kind: string } & Record<string, unknown>;
export type CriteriaNode =
  | { kind: "group"; id: string; logic: "all" | "any"; minCount?: number; text: string | null; quote: Quote | null; children: CriteriaNode[] }
  | { kind: "criterion"; id: string; text: string; quote: Quote; check: Check };
export interface PolicySection { id: string; title: string; kind: string; approvalDuration: string | null; criteria: CriteriaNode }

export interface PolicySummary {
  id: string; status: "draft" | "active" | "retired"; version: number; title: string; payer: string | null; effective_date: string | null;
  ndc_codes: string[]; cpt_codes: string[]; drug_names: string[]; sections: number; criteria_count: number; created_at: string; updated_at: string;
}

export interface PolicyDetail extends PolicySummary {
  version_id: string;
  document_id: string | null;
  pages: { page: number; text: string }[];
  parsed: { sections: PolicySection[]; drug_names: string[] };
  suggestions: { ndc_codes: string[]; cpt_codes: string[]; drug_names: string[] };
  versions: { version: number; created_at: string; created_by: string; change_note: string | null }[];
}
