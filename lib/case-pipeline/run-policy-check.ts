// Stage 4, policy check (POST /policy_check, and within each determination): the policy resolved for the case (stage 3,
// ./resolve-policy.ts), the indication from the case's diagnoses, every criterion answered by the `policy-check`
// engine (lib/policies/evaluate-policy.ts) from the intake, the documents and the claims; stored as a PolicyCheck whose
// inputs digest names that engine's version, and audited (stage 6).
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import type { Actor } from "@/lib/audit/actor";
import { sha256Of } from "@/lib/digest";
import { engineVersion } from "@/lib/engine-versions";
import type { TPolicyCheckRequest } from "@/lib/schemas/policy-check";
import { requestDateOf } from "@/lib/request-date";
import { evaluatePolicy } from "@/lib/policies/evaluate-policy";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { withUnreadCriteriaStep } from "@/lib/policies/library/unread-criteria-step";
import type { CriteriaNode, ParsedPolicy } from "@/lib/policies/types";
import { loadCaseMaterial, type CaseMaterial } from "./load-case-material";
import { presentPolicyCheck, recordPolicyCheck } from "./record-outcome";
import { resolvePolicy, type ResolvedPolicy } from "./resolve-policy";

// A policy check reads its own policy document or payload when given one, and evaluates: both engines, in one hash.
export const POLICY_ENGINE_VERSION = engineVersion("policy-check");

/** criterion id -> the id of the reading rule that classified it (policies stored before rules were recorded: none). */
function rulesOf(policy: ParsedPolicy): Map<string, string> {
  const rules = new Map<string, string>();
  const walk = (node: CriteriaNode) => {
    if (node.kind === "criterion") {
      if (node.rule) rules.set(node.id, node.rule);
    } else node.children.forEach(walk);
  };
  for (const section of policy.sections ?? []) walk(section.criteria);
  for (const limit of policy.limits ?? []) walk(limit);
  return rules;
}

/** Evaluates a resolved policy against the case's material, stores the run and returns it (API shape). */
export async function evaluateAndStore(opts: { workspaceId: string; actor: Actor; material: CaseMaterial; policy: ResolvedPolicy }) {
  const { material, policy } = opts;
  // Ages and look-back windows count from the day the request was made, so a later re-check answers the same.
  const asOf = requestDateOf(material.priorAuth);
  const drug = caseDrugsOf(material).drugNames[0] ?? "the requested drug";
  const evaluated = evaluatePolicy({ policy: policy.parsed, facts: material.facts, documents: material.documents, claims: material.claims, testClaim: material.testClaim, asOf });
  const result = withUnreadCriteriaStep(evaluated, policy.parsed, drug);
  const rules = rulesOf(policy.parsed);
  const steps = result.steps.map((s) => ({
    step: s.step,
    question_or_action: s.question_or_action,
    answer: s.answer,
    passed: s.passed,
    reason: s.reason,
    policy_guideline_quoted_source: s.policy_guideline_quoted_source,
    outcome: s.outcome,
    criterion_id: s.criterionId,
    policy_quote: s.policyQuote?.text ? s.policyQuote : null,
    ...(rules.has(s.criterionId) ? { rule: rules.get(s.criterionId) } : {}),
    evidence: s.evidence.map((e) => ({ document_id: e.documentId, page: e.page, start: e.start, end: e.end, quote: e.quote, claim_id: e.claimId })),
    ...(s.missingInformation ? { missing_information: s.missingInformation } : {}),
    ...(s.notNeeded ? { not_needed: true } : {}),
    ...(s.closedAlternative ? { unmet_alternative: true } : {}),
  }));
  const policyMeta = { id: policy.policyId, version: policy.version, title: policy.parsed.title, source: policy.source, section: result.section?.title ?? null };
  const rollup = { overall: result.summary.overall, failed_steps: result.summary.failedSteps, missing_steps: result.summary.missingSteps };
  const inputsDigest = sha256Of({ facts: material.facts, claims: material.claims, testClaim: material.testClaim, policy: policy.versionId ?? sha256Of(policy.parsed), asOf, engine: POLICY_ENGINE_VERSION });
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.policyCheck.create({
      data: {
        workspaceId: opts.workspaceId,
        priorAuthId: material.priorAuth.id,
        policyVersionId: policy.versionId,
        policySource: policy.source,
        policySnapshot: (policy.source === "library" ? { policy_version_id: policy.versionId } : policy.parsed) as unknown as Prisma.InputJsonValue,
        inputsDigest,
        steps: steps as unknown as Prisma.InputJsonValue,
        summary: { policy: policyMeta, rollup } as unknown as Prisma.InputJsonValue,
        createdBy: opts.actor.label,
      },
    });
    await recordPolicyCheck(tx, { workspaceId: opts.workspaceId, priorAuthId: material.priorAuth.id, actor: opts.actor, policy: policyMeta, version: policy.version, rollup, steps: steps.length });
    return created;
  });
  return { row, result, steps, policyMeta, rollup };
}

export async function runPolicyCheck(opts: { workspaceId: string; priorAuthId: string; actor: Actor; request: TPolicyCheckRequest }) {
  const material = await loadCaseMaterial(opts);
  const policy = await resolvePolicy(opts.workspaceId, material, opts.request);
  const { row } = await evaluateAndStore({ workspaceId: opts.workspaceId, actor: opts.actor, material, policy });
  return presentPolicyCheck(row);
}

export async function listPolicyChecks(opts: { workspaceId: string; priorAuthId: string }) {
  const rows = await prisma.policyCheck.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "desc" }, take: 50 });
  return rows.map(presentPolicyCheck);
}
