import { prisma } from "@/lib/db/prisma";
import { notFound } from "@/lib/api/errors";
import { presentPolicy, presentPolicySummary } from "./present-policy";

export async function listPolicies(opts: { workspaceId: string; status?: string }) {
  const policies = await prisma.policy.findMany({ where: { workspaceId: opts.workspaceId, ...(opts.status ? { status: opts.status } : {}) }, orderBy: { updatedAt: "desc" } });
  if (!policies.length) return [];
  const versions = await prisma.policyVersion.findMany({ where: { OR: policies.map((p) => ({ policyId: p.id, version: p.latestVersion })) } });
  const byPolicy = new Map(versions.map((v) => [v.policyId, v]));
  return policies.flatMap((p) => (byPolicy.has(p.id) ? [presentPolicySummary(p, byPolicy.get(p.id)!)] : []));
}

/** A policy of this workspace with a version (the latest unless asked), or 404. */
export async function getPolicyOrThrow(opts: { workspaceId: string; policyId: string; version?: number }) {
  const policy = await prisma.policy.findFirst({ where: { id: opts.policyId, workspaceId: opts.workspaceId } });
  if (!policy) throw notFound(`Policy ${opts.policyId}`);
  const version = await prisma.policyVersion.findUnique({ where: { policyId_version: { policyId: policy.id, version: opts.version ?? policy.latestVersion } } });
  if (!version) throw notFound(`Version ${opts.version} of policy ${opts.policyId}`);
  const history = await prisma.policyVersion.findMany({ where: { policyId: policy.id }, orderBy: { version: "desc" }, select: { version: true, createdAt: true, createdBy: true, changeNote: true } });
  return presentPolicy(policy, version, history);
}
