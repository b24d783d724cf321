import type { Prisma } from "@/lib/generated/prisma/client";
import type { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { badRequest, notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import type { ZCriterionEdit, ZUpdatePolicyRequest } from "@/lib/schemas/policy";
import { getPolicyOrThrow } from "./policy-queries";
import type { CriteriaNode, ParsedPolicy } from "./types";

const CHECK_KINDS = new Set([
  "diagnosis", "age", "prescriber_specialty", "step_therapy", "lab_threshold", "quantity_limit", "dose_limit", "duration_limit",
  "documentation", "combination_therapy", "concurrent_therapy_exclusion", "continuation", "manual",
]);

function applyEdit(node: CriteriaNode, edit: z.infer<typeof ZCriterionEdit>): boolean {
  if (node.kind === "criterion") {
    if (node.id !== edit.criterion_id) return false;
    if (edit.check) {
      if (typeof edit.check.kind !== "string" || !CHECK_KINDS.has(edit.check.kind)) {
        throw badRequest(`criteria_edits: check.kind of ${edit.criterion_id} must be one of ${[...CHECK_KINDS].join(", ")}`);
      }
      node.check = edit.check as typeof node.check;
    }
    if (edit.manual) node.check = { kind: "manual" } as typeof node.check;
    if (edit.text) node.text = edit.text;
    return true;
  }
  return node.children.some((child) => applyEdit(child, edit));
}

/**
 * Status changes apply to the policy; every change of content (codes, names, title, criteria) makes a new version,
 * so determinations keep citing the version they used.
 */
export async function updatePolicy(opts: { workspaceId: string; policyId: string; actor: Actor; input: z.infer<typeof ZUpdatePolicyRequest> }) {
  const { input } = opts;
  await prisma.$transaction(async (tx) => {
    const policy = await tx.policy.findFirst({ where: { id: opts.policyId, workspaceId: opts.workspaceId } });
    if (!policy) throw notFound(`Policy ${opts.policyId}`);
    const latest = await tx.policyVersion.findUniqueOrThrow({ where: { policyId_version: { policyId: policy.id, version: policy.latestVersion } } });
    const contentChanged = ["title", "payer", "effective_date", "ndc_codes", "cpt_codes", "drug_names", "criteria_edits"].some((k) => input[k as keyof typeof input] !== undefined);
    let latestVersion = policy.latestVersion;
    if (contentChanged) {
      const parsed = structuredClone(latest.parsed) as unknown as ParsedPolicy;
      for (const edit of input.criteria_edits ?? []) {
        if (!parsed.sections.some((section) => applyEdit(section.criteria, edit))) throw badRequest(`criteria_edits: no criterion ${edit.criterion_id} in this policy`);
      }
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
          parsed: parsed as unknown as Prisma.InputJsonValue,
          changeNote: input.change_note ?? "Edited",
          createdBy: opts.actor.label,
        },
      });
    }
    await tx.policy.update({ where: { id: policy.id }, data: { latestVersion, status: input.status ?? policy.status } });
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.updated",
      details: { policy_id: policy.id, version: latestVersion, status: input.status ?? policy.status, changed: Object.keys(input) },
    });
  });
  return getPolicyOrThrow({ workspaceId: opts.workspaceId, policyId: opts.policyId });
}
