import { formatTimestamp } from "@/lib/time";
import type { CriteriaNode, ParsedPolicy } from "./types";

type PolicyRow = { id: string; status: string; latestVersion: number; createdAt: Date; updatedAt: Date };
type VersionRow = {
  id: string; version: number; title: string; payer: string | null; effectiveDate: string | null; ndcCodes: string[]; cptCodes: string[];
  drugNames: string[]; documentId: string | null; pages: unknown; parsed: unknown; changeNote: string | null; createdBy: string; createdAt: Date;
};

export function countCriteria(node: CriteriaNode): number {
  return node.kind === "criterion" ? 1 : node.children.reduce((n, child) => n + countCriteria(child), 0);
}

/** A policy in lists: its status and the latest version's selecting codes. */
export function presentPolicySummary(policy: PolicyRow, version: VersionRow) {
  const parsed = version.parsed as ParsedPolicy;
  return {
    id: policy.id,
    status: policy.status,
    version: version.version,
    title: version.title,
    payer: version.payer,
    effective_date: version.effectiveDate,
    ndc_codes: version.ndcCodes,
    cpt_codes: version.cptCodes,
    drug_names: version.drugNames,
    sections: parsed.sections.length,
    criteria_count: parsed.sections.reduce((n, s) => n + countCriteria(s.criteria), 0),
    created_at: formatTimestamp(policy.createdAt),
    updated_at: formatTimestamp(policy.updatedAt),
  };
}

/** A policy in full: pages, the parsed criteria tree, suggestions and the version history. */
export function presentPolicy(policy: PolicyRow, version: VersionRow, history: { version: number; createdAt: Date; createdBy: string; changeNote: string | null }[]) {
  const parsed = version.parsed as ParsedPolicy;
  return {
    ...presentPolicySummary(policy, version),
    version_id: version.id,
    document_id: version.documentId,
    pages: version.pages as { page: number; text: string }[],
    parsed: { sections: parsed.sections, drug_names: parsed.drugNames },
    suggestions: {
      ndc_codes: parsed.suggestedCodes.ndc.filter((c) => !version.ndcCodes.includes(c)),
      cpt_codes: [...parsed.suggestedCodes.cpt, ...parsed.suggestedCodes.hcpcs].filter((c) => !version.cptCodes.includes(c)),
      drug_names: parsed.drugNames.filter((d) => !version.drugNames.includes(d)),
    },
    versions: history.map((h) => ({ version: h.version, created_at: formatTimestamp(h.createdAt), created_by: h.createdBy, change_note: h.changeNote })),
  };
}
