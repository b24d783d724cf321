import type { IntakeFacts } from "@/lib/intake/types";
import { drugMatchesBinding, requestedDrugNames } from "./library/drug-binding-matches";

export interface PolicyCandidate {
  policyId: string;
  versionId: string;
  version: number;
  title: string;
  ndcCodes: string[];
  cptCodes: string[];
  drugNames: string[];
  updatedAt: Date;
}

export interface CaseItems {
  ndcs: string[];
  cpts: string[];
  drugNames: string[];
}

export function caseItems(facts: IntakeFacts): CaseItems {
  return {
    ndcs: [...new Set(facts.medicationRequests.flatMap((m) => (m.ndc ? [m.ndc] : [])))],
    cpts: [...new Set(facts.procedures.map((p) => p.code.toUpperCase()))],
    drugNames: [...new Set(facts.medicationRequests.map((m) => m.name).filter(Boolean))],
  };
}

/**
 * The policy that applies: by NDC or CPT/HCPCS code first; else by drug name (brand or generic) against the drugs
 * the policy (or document section) is bound to, then a policy bound to the drug's class; never another drug's. Among several, the most specific (fewest covered items), then the newest. Pure.
 */
export function choosePolicy(candidates: PolicyCandidate[], items: CaseItems): { chosen: PolicyCandidate | null; matchedBy: "code" | "drug_name" | null } {
  const specificity = (p: PolicyCandidate) => p.ndcCodes.length + p.cptCodes.length + p.drugNames.length;
  const best = (list: PolicyCandidate[]) =>
    [...list].sort((a, b) => specificity(a) - specificity(b) || b.updatedAt.getTime() - a.updatedAt.getTime() || a.policyId.localeCompare(b.policyId))[0] ?? null;
  const byCode = candidates.filter((p) => items.ndcs.some((n) => p.ndcCodes.includes(n)) || items.cpts.some((c) => p.cptCodes.includes(c)));
  if (byCode.length) return { chosen: best(byCode), matchedBy: "code" };
  // The same drug (brand or generic through the vocabulary) before a policy of the drug's class.
  // The requested drug only (a co-medication the request lists never selects its own policy): requestedDrugNames.
  for (const drug of requestedDrugNames(items.drugNames)) {
    const matches = candidates.map((p) => ({ p, match: drugMatchesBinding(drug, p.drugNames) }));
    for (const kind of ["name", "class"] as const) {
      const byName = matches.filter((m) => m.match === kind).map((m) => m.p);
      if (byName.length) return { chosen: best(byName), matchedBy: "drug_name" };
    }
  }
  return { chosen: null, matchedBy: null };
}
