import { prisma } from "@/lib/db/prisma";
import { unprocessable } from "@/lib/api/errors";
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

/** The workspace's active policies with their latest versions. */
export async function loadActivePolicyCandidates(workspaceId: string): Promise<PolicyCandidate[]> {
  const policies = await prisma.policy.findMany({ where: { workspaceId, status: "active" }, select: { id: true, latestVersion: true, updatedAt: true } });
  if (!policies.length) return [];
  const versions = await prisma.policyVersion.findMany({
    where: { OR: policies.map((p) => ({ policyId: p.id, version: p.latestVersion })) },
    select: { id: true, policyId: true, version: true, title: true, ndcCodes: true, cptCodes: true, drugNames: true, createdAt: true },
  });
  return versions.map((v) => ({ policyId: v.policyId, versionId: v.id, version: v.version, title: v.title, ndcCodes: v.ndcCodes, cptCodes: v.cptCodes, drugNames: v.drugNames, updatedAt: v.createdAt }));
}

export async function selectPolicyOrThrow(workspaceId: string, facts: IntakeFacts): Promise<{ chosen: PolicyCandidate; matchedBy: "code" | "drug_name" }> {
  const items = caseItems(facts);
  const { chosen, matchedBy } = choosePolicy(await loadActivePolicyCandidates(workspaceId), items);
  if (chosen && matchedBy) return { chosen, matchedBy };
  const lookedFor = [
    items.ndcs.length ? `NDC ${items.ndcs.join(", ")}` : "no NDC",
    items.cpts.length ? `CPT/HCPCS ${items.cpts.join(", ")}` : "no CPT/HCPCS code",
    items.drugNames.length ? `drug name${items.drugNames.length > 1 ? "s" : ""} ${items.drugNames.map((n) => `"${n}"`).join(", ")}` : "no drug name",
  ].join("; ");
  throw unprocessable(`No active policy of this workspace applies to this request (looked for ${lookedFor}). Upload or activate a policy for it, or pass policy_document_url or policy_payload.`);
}
