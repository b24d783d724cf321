// A policy document uploaded before: the same bytes (SHA-256) stored in this workspace as the source of policies.
import { prisma } from "@/lib/db/prisma";

export interface DuplicatePolicyDocument {
  documentId: string;
  fileName: string | null;
  policies: { id: string; title: string }[];
}

export async function findDuplicatePolicyDocument(workspaceId: string, sha256: string): Promise<DuplicatePolicyDocument | null> {
  const documents = await prisma.document.findMany({ where: { workspaceId, sha256 }, select: { id: true, fileName: true }, orderBy: { createdAt: "asc" } });
  if (!documents.length) return null;
  const ids = documents.map((d) => d.id);
  // Sections point at their document; policies uploaded before sections existed only through their versions.
  const policies = await prisma.policy.findMany({
    where: { workspaceId, OR: [{ documentId: { in: ids } }, { versions: { some: { documentId: { in: ids } } } }] },
    select: { id: true, documentId: true, latestVersion: true, versions: { select: { version: true, title: true, documentId: true } } },
    orderBy: { createdAt: "asc" },
  });
  if (!policies.length) return null;
  const first = policies[0];
  const documentId = first.documentId ?? first.versions.find((v) => v.documentId && ids.includes(v.documentId))?.documentId ?? ids[0];
  return {
    documentId,
    fileName: documents.find((d) => d.id === documentId)?.fileName ?? null,
    policies: policies.map((p) => ({ id: p.id, title: p.versions.find((v) => v.version === p.latestVersion)?.title ?? p.id })),
  };
}
