// POST /policies/{id}/reread: a section of an uploaded document queues the document's re-read (the workers read it);
// a text upload is parsed again from its stored pages at once (same rule: a person's published edits are never
// overwritten, the reading goes to the draft). A criteria (JSON) upload has no pages to read (UnprocessableDocument).
import { prisma } from "@/lib/db/prisma";
import { NotFound, UnprocessableDocument } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { oneSection } from "../create-policy";
import { planSectionPolicies } from "@/lib/policies/library/plan-section-policies";
import { parsePolicy } from "@/lib/policies/parse-policy";
import { applySectionReading, type AppliedReading } from "./apply-section-reading";
import { enqueuePolicyDocumentReread } from "./enqueue-reread";
import type { PolicyReading } from "@/lib/policies/reread/policy-reading";
import { readStoredPages } from "@/lib/documents/layout/source-document";

export type PolicyRereadResult = { kind: "queued"; documentId: string; reading: PolicyReading } | { kind: "read"; applied: AppliedReading };

export async function rereadPolicy(opts: { workspaceId: string; policyId: string; actor: Actor }): Promise<PolicyRereadResult> {
  const policy = await prisma.policy.findFirst({ where: { id: opts.policyId, workspaceId: opts.workspaceId }, select: { id: true, documentId: true } });
  if (!policy) throw new NotFound(`Policy ${opts.policyId}`);
  if (policy.documentId) {
    const reading = await enqueuePolicyDocumentReread({ workspaceId: opts.workspaceId, documentId: policy.documentId, reason: "request" });
    return { kind: "queued", documentId: policy.documentId, reading };
  }
  const applied = await prisma.$transaction(async (tx) => {
    const locked = await tx.policy.findFirstOrThrow({ where: { id: policy.id }, select: { id: true, latestVersion: true, draft: true, family: true } });
    const versions = await tx.policyVersion.findMany({ where: { policyId: policy.id }, orderBy: { version: "desc" } });
    const latest = versions.find((v) => v.version === locked.latestVersion) ?? versions[0];
    const pages = readStoredPages(latest.pages, `the pages of version ${latest.version} of policy ${policy.id}`);
    if (!pages.length) throw new UnprocessableDocument(`Policy ${policy.id} was uploaded as a criteria document: it has no pages to re-read.`);
    const [planned] = planSectionPolicies(oneSection(parsePolicy(pages), pages), pages, {}, "the policy");
    const result = await applySectionReading(tx, { policy: locked, versions, planned, actor: opts.actor, fromDocument: false });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.reread", details: { policy_id: policy.id, action: result.action, version: result.version, change_note: result.changeNote } });
    return result;
  });
  return { kind: "read", applied };
}
