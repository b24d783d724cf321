import type { Prisma } from "@/lib/generated/prisma/client";
import type { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import type { ZUpdatePolicyRequest } from "@/lib/schemas/policy";
import { getPolicyOrThrow } from "./policy-queries";
import { saveDraftEdits } from "./policy-drafts";

const VERSIONED_FIELDS = ["title", "payer", "effective_date", "ndc_codes", "cpt_codes", "drug_names"] as const;

/**
 * Status changes apply to the policy; changes of codes, names, title, payer or date make a new version (determinations
 * keep citing the version they used). Criteria edits (each check validated by lib/policies/check-schema.ts) collect in
 * the policy's draft, which an admin reviews and publishes (POST /policies/{id}/publish): they never go live on save.
 */
export async function updatePolicy(opts: { workspaceId: string; policyId: string; actor: Actor; input: z.infer<typeof ZUpdatePolicyRequest> }) {
  const { input } = opts;
  await prisma.$transaction(async (tx) => {
    const policy = await tx.policy.findFirst({ where: { id: opts.policyId, workspaceId: opts.workspaceId } });
    if (!policy) throw new NotFound(`Policy ${opts.policyId}`);
    if (input.criteria_edits?.length) await saveDraftEdits(tx, { workspaceId: opts.workspaceId, policyId: policy.id, actor: opts.actor, edits: input.criteria_edits });
    const latest = await tx.policyVersion.findUniqueOrThrow({ where: { policyId_version: { policyId: policy.id, version: policy.latestVersion } } });
    const contentChanged = VERSIONED_FIELDS.some((k) => input[k] !== undefined);
    let latestVersion = policy.latestVersion;
    if (contentChanged) {
      latestVersion += 1;
      await tx.policyVersion.create({
        data: {
          policyId: policy.id,
          version: latestVersion,
          title: input.title ?? latest.title,
          payer: input.payer ?? latest.payer,
          effectiveDate: input.effective_date ?? latest.effectiveDate,
          ndcCodes: input.ndc_codes ?? latest.ndcCodes,
          cptCodes: input.cpt_codes ?? latest.cptCodes,
          drugNames: input.drug_names ?? latest.drugNames,
          documentId: latest.documentId,
          pages: latest.pages as Prisma.InputJsonValue,
          parsed: latest.parsed as Prisma.InputJsonValue,
          changeNote: input.change_note ?? "Edited",
          createdBy: opts.actor.label,
        },
      });
    }
    await tx.policy.update({ where: { id: policy.id }, data: { latestVersion, status: input.status ?? policy.status } });
    const retiring = input.status === "retired" && policy.status !== "retired";
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: retiring ? "policy.retired" : "policy.updated",
      details: { policy_id: policy.id, version: latestVersion, status: input.status ?? policy.status, previous_status: policy.status, changed: Object.keys(input) },
    });
  });
  return getPolicyOrThrow({ workspaceId: opts.workspaceId, policyId: opts.policyId });
}
