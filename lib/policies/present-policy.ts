import { formatTimestamp } from "@/lib/time";
import { readVersionPolicy } from "./parsed-policy-schema";
import type { CriteriaNode } from "./types";
import { readerStatus } from "./reader-version";
import { readStoredPages } from "@/lib/documents/layout/source-document";

type PolicyRow = {
  id: string; status: string; latestVersion: number; createdAt: Date; updatedAt: Date;
  documentId?: string | null; family?: string | null; sectionLabel?: string | null; sectionPages?: number[]; requirementCodes?: string[];
};
/** The uploaded document a policy was read from (its file name is on the Document row). */
export type PolicyDocumentRef = { id: string; fileName: string | null } | null;
type VersionRow = {
  id: string; version: number; title: string; payer: string | null; effectiveDate: string | null; ndcCodes: string[]; cptCodes: string[];
  drugNames: string[]; documentId: string | null; pages: unknown; parsed: unknown; changeNote: string | null; createdBy: string; createdAt: Date;
};

export function countCriteria(node: CriteriaNode): number {
  return node.kind === "criterion" ? 1 : node.children.reduce((n, child) => n + countCriteria(child), 0);
}

/** Which document and section a policy was read from; null for text and criteria uploads. */
export function presentPolicySource(policy: PolicyRow, document: PolicyDocumentRef) {
  const id = policy.documentId ?? document?.id ?? null;
  if (!id) return null;
  return {
    id,
    file_name: document?.fileName ?? null,
    family: policy.family ?? null,
    section_label: policy.sectionLabel ?? null,
    pages: policy.sectionPages ?? [],
    requirement_codes: policy.requirementCodes ?? [],
  };
}

/** A policy in lists: its status, the latest version's selecting codes and the document section it comes from. */
export function presentPolicySummary(policy: PolicyRow, version: VersionRow, document: PolicyDocumentRef = null) {
  const parsed = readVersionPolicy({ policyId: policy.id, version: version.version, parsed: version.parsed });
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
    document: presentPolicySource(policy, document),
    created_at: formatTimestamp(policy.createdAt),
    updated_at: formatTimestamp(policy.updatedAt),
  };
}

/** A policy in full: pages, the parsed criteria tree, suggestions and the version history. */
export function presentPolicy(policy: PolicyRow, version: VersionRow, history: { version: number; createdAt: Date; createdBy: string; changeNote: string | null }[], document: PolicyDocumentRef = null) {
  const parsed = readVersionPolicy({ policyId: policy.id, version: version.version, parsed: version.parsed });
  return {
    ...presentPolicySummary(policy, version, document),
    version_id: version.id,
    document_id: version.documentId,
    // As stored (a criteria document's version may hold none).
    pages: version.pages === null ? null : readStoredPages(version.pages, `the pages of version ${version.version} of policy ${policy.id}`),
    parsed: { sections: parsed.sections, drug_names: parsed.drugNames },
    // Read by an older reader (or before versions were recorded): the admin is told to re-read the document.
    reader: readerStatus(version.parsed),
    suggestions: {
      ndc_codes: parsed.suggestedCodes.ndc.filter((c) => !version.ndcCodes.includes(c)),
      cpt_codes: [...parsed.suggestedCodes.cpt, ...parsed.suggestedCodes.hcpcs].filter((c) => !version.cptCodes.includes(c)),
      drug_names: parsed.drugNames.filter((d) => !version.drugNames.includes(d)),
    },
    versions: history.map((h) => ({ version: h.version, created_at: formatTimestamp(h.createdAt), created_by: h.createdBy, change_note: h.changeNote })),
  };
}
