import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { formatTimestamp } from "@/lib/time";
import { countCriteria, presentPolicy, presentPolicySummary } from "@/lib/policies/present-policy";
import { readVersionPolicy } from "@/lib/policies/parsed-policy-schema";
import { countUnreadRequirements } from "@/lib/policies/read/formulary/unread-requirements";
import { readerStatus } from "@/lib/policies/reader-version";
import { presentPolicyReading } from "@/lib/policies/reread/policy-reading";

const WITH_DOCUMENT = { document: { select: { id: true, fileName: true } } } as const;

/** The workspace's policies with their latest versions; `documentId`: only the sections of that document (document order). */
export async function listPolicies(opts: { workspaceId: string; status?: string; documentId?: string }) {
  const policies = await prisma.policy.findMany({
    where: { workspaceId: opts.workspaceId, ...(opts.status ? { status: opts.status } : {}), ...(opts.documentId ? { documentId: opts.documentId } : {}) },
    include: WITH_DOCUMENT,
    orderBy: opts.documentId ? [{ createdAt: "asc" }, { id: "asc" }] : { updatedAt: "desc" },
  });
  if (!policies.length) return [];
  const versions = await prisma.policyVersion.findMany({ where: { OR: policies.map((p) => ({ policyId: p.id, version: p.latestVersion })) } });
  const byPolicy = new Map(versions.map((v) => [v.policyId, v]));
  return policies.flatMap((p) => (byPolicy.has(p.id) ? [presentPolicySummary(p, byPolicy.get(p.id)!, p.document)] : []));
}

/** A policy of this workspace with a version (the latest unless asked), or NotFound. */
export async function getPolicyOrThrow(opts: { workspaceId: string; policyId: string; version?: number }) {
  const policy = await prisma.policy.findFirst({ where: { id: opts.policyId, workspaceId: opts.workspaceId }, include: WITH_DOCUMENT });
  if (!policy) throw new NotFound(`Policy ${opts.policyId}`);
  const version = await prisma.policyVersion.findUnique({ where: { policyId_version: { policyId: policy.id, version: opts.version ?? policy.latestVersion } } });
  if (!version) throw new NotFound(`Version ${opts.version} of policy ${opts.policyId}`);
  const history = await prisma.policyVersion.findMany({ where: { policyId: policy.id }, orderBy: { version: "desc" }, select: { version: true, createdAt: true, createdBy: true, changeNote: true } });
  return presentPolicy(policy, version, history, policy.document);
}

/** Uploaded policy documents of the workspace, newest first, each with its sections (policies) counted. */
export async function listPolicyDocuments(opts: { workspaceId: string; documentId?: string }) {
  const documents = await prisma.document.findMany({
    where: { workspaceId: opts.workspaceId, ...(opts.documentId ? { id: opts.documentId } : {}), policies: { some: {} } },
    select: {
      id: true, fileName: true, sha256: true, pageCount: true, createdAt: true, createdBy: true, policyReading: true,
      policies: { select: { id: true, status: true, family: true, latestVersion: true, sectionLabel: true, sectionPages: true, requirementCodes: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
    orderBy: { createdAt: "desc" },
  });
  const policyIds = documents.flatMap((d) => d.policies);
  const versions = policyIds.length
    ? await prisma.policyVersion.findMany({ where: { OR: policyIds.map((p) => ({ policyId: p.id, version: p.latestVersion })) }, select: { policyId: true, title: true, payer: true, effectiveDate: true, drugNames: true, parsed: true } })
    : [];
  const byPolicy = new Map(versions.map((v) => [v.policyId, v]));
  return documents.map((d) => {
    const first = byPolicy.get(d.policies[0]?.id ?? "");
    const sections = d.policies.map((p) => {
      const v = byPolicy.get(p.id);
      const parsed = v ? readVersionPolicy({ policyId: p.id, version: p.latestVersion, parsed: v.parsed }) : undefined;
      return {
        policy_id: p.id,
        status: p.status,
        title: v?.title ?? null,
        section_label: p.sectionLabel,
        drug_names: v?.drugNames ?? [],
        pages: p.sectionPages,
        requirement_codes: p.requirementCodes,
        criteria_count: parsed ? parsed.sections.reduce((n, s) => n + countCriteria(s.criteria), 0) : 0,
        unread_requirements: parsed ? countUnreadRequirements(parsed) : 0,
        reread_recommended: readerStatus(v?.parsed).reread_recommended,
      };
    });
    return {
      id: d.id,
      file_name: d.fileName,
      sha256: d.sha256,
      page_count: d.pageCount,
      family: d.policies[0]?.family ?? null,
      payer: first?.payer ?? null,
      effective_date: first?.effectiveDate ?? null,
      section_count: d.policies.length,
      active_sections: d.policies.filter((p) => p.status === "active").length,
      /** The background re-read: queued / reading (cells done of total) / done / failed; null when never queued. */
      reading: presentPolicyReading(d.policyReading),
      /** Sections read by an older reader, and sections whose requirements could not be read: a re-read may help. */
      reread_recommended: sections.some((s) => s.reread_recommended),
      unread_requirements: sections.reduce((n, s) => n + s.unread_requirements, 0),
      sections,
      created_at: formatTimestamp(d.createdAt),
      created_by: d.createdBy,
    };
  });
}

/** One uploaded policy document of the workspace with its sections, or NotFound. */
export async function getPolicyDocumentOrThrow(opts: { workspaceId: string; documentId: string }) {
  const [document] = await listPolicyDocuments(opts);
  if (!document) throw new NotFound(`Policy document ${opts.documentId}`);
  return document;
}
