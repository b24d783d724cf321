// Stage 5, determination (POST /determination, and the `evaluate-prior-auth` job through ./evaluate-prior-auth.ts): a
// fresh policy check (stage 4; the latest override's policy, or the library's choice), the claims, the workspace's
// earlier cases of this patient and drug, then the `determination` engine's decision (lib/determinations/decide.ts
// with the safety rules of approval-invariants.ts): stored immutably with the digests of its inputs and content and
// that engine's version, then carried into the case (stage 6, ./record-outcome.ts).
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import type { Actor } from "@/lib/audit/actor";
import { sha256Of } from "@/lib/digest";
import { engineVersion } from "@/lib/engine-versions";
import { loadCaseMaterial } from "./load-case-material";
import { resolvePolicy, type ResolvedPolicy } from "./resolve-policy";
import { evaluateAndStore, POLICY_ENGINE_VERSION } from "./run-policy-check";
import { readGivenPolicySnapshot } from "@/lib/policies/policy-check-record";
import { sameDrug, SAME_DRUG } from "@/lib/lexicon/same-drug";
import { formatTimestamp } from "@/lib/time";
import { caseClaims } from "@/lib/claims/case-claims";
import { drugMatchesBindingName } from "@/lib/policies/library/drug-binding-matches";
import { policyBinding } from "@/lib/determinations/approval-invariants";
import { decide } from "@/lib/determinations/decide";
import { requestDateOf } from "@/lib/request-date";
import { unverifiedNoticeFacts } from "@/lib/intake/corrections";
import { presentDetermination, recordDetermination } from "./record-outcome";

export const DETERMINATION_ENGINE_VERSION = `${engineVersion("determination")}+${POLICY_ENGINE_VERSION}`;

type Material = Awaited<ReturnType<typeof loadCaseMaterial>>;

/** The policy of the latest check when it came with the request; otherwise the library's current choice. */
async function policyForDetermination(workspaceId: string, material: Material): Promise<ResolvedPolicy> {
  const latest = await prisma.policyCheck.findFirst({ where: { priorAuthId: material.priorAuth.id }, orderBy: { createdAt: "desc" } });
  if (latest && latest.policySource !== "library") {
    return { parsed: readGivenPolicySnapshot(latest), source: latest.policySource as ResolvedPolicy["source"], policyId: null, versionId: null, version: null };
  }
  return resolvePolicy(workspaceId, material, undefined);
}

/** Earlier prior authorizations of the workspace for the same patient (name) and drug. */
async function caseHistory(workspaceId: string, material: Material) {
  const { priorAuth } = material;
  if (!priorAuth.patientName) return [];
  const earlier = await prisma.priorAuth.findMany({
    where: { workspaceId, id: { not: priorAuth.id }, patientName: { equals: priorAuth.patientName, mode: "insensitive" }, createdAt: { lt: priorAuth.createdAt } },
    orderBy: { receivedAt: "desc" },
    take: 20,
    select: { caseId: true, status: true, receivedAt: true, drugName: true },
  });
  return earlier
    .filter((e) => !priorAuth.drugName || !e.drugName || sameDrug(e.drugName, priorAuth.drugName, SAME_DRUG.shared))
    .map((e) => ({ caseId: e.caseId, status: e.status, receivedAt: formatTimestamp(e.receivedAt) }));
}

export async function runDetermination(opts: { workspaceId: string; priorAuthId: string; actor: Actor; requireClinicianForAdverse: boolean }) {
  const material = await loadCaseMaterial(opts);
  const { engineApprovalsFinal } = await prisma.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { engineApprovalsFinal: true } });
  const policy = await policyForDetermination(opts.workspaceId, material);
  const check = await evaluateAndStore({ workspaceId: opts.workspaceId, actor: opts.actor, material, policy });
  const history = await caseHistory(opts.workspaceId, material);
  const dx = material.facts.diagnoses[0];
  const meds = material.facts.medicationRequests ?? [];
  // A library policy was chosen by the case's codes or drug names; a policy given with the request must name the drug.
  const binding = policyBinding({
    policyDrugNames: policy.parsed.drugNames ?? [],
    policyNdcs: policy.parsed.suggestedCodes?.ndc ?? [],
    requested: { names: [...meds.map((m) => m.name), ...(material.priorAuth.drugName ? [material.priorAuth.drugName] : [])], ndcs: meds.flatMap((m) => (m.ndc ? [m.ndc] : [])) },
    // The one test of section selection: the same drug (brand or generic) or a member of the class the policy names.
    sameDrug: (requested, covered) => drugMatchesBindingName(requested, covered) !== null,
    selectedBy: policy.source === "library" ? "selected from the workspace's library by the case's NDC, code or drug name" : null,
  });
  // The one notice gate (a reviewer's decision passes it too): an approval's notice names only verified facts.
  const unverified = unverifiedNoticeFacts(material.facts);
  const decision = decide({
    policy: { title: policy.parsed.title, version: policy.version, section: check.result.section?.title ?? null, source: policy.source },
    steps: check.result.steps,
    // The records sent as supporting information and the claims tables printed in the case's documents.
    claims: caseClaims(material.claims, material.documents, { referenceYear: Number(requestDateOf(material.priorAuth).slice(0, 4)) }),
    testClaim: material.testClaim,
    history,
    subject: { patient: material.priorAuth.patientName, drug: material.priorAuth.drugName, diagnosis: dx ? [dx.name, dx.icd10.join(", ")].filter(Boolean).join(" ") || null : null },
    requireClinicianForAdverse: opts.requireClinicianForAdverse,
    engineApprovalsFinal,
    binding,
    identityConflicts: material.facts.identityConflicts ?? [],
    unverifiedNoticeFacts: unverified,
  });
  const body = {
    status: decision.status,
    recommended_status: decision.recommendedStatus,
    reasoning: decision.reasoning,
    recommendation: decision.recommendation,
    references: decision.references,
    summary: decision.summary,
    missing_information: decision.missingInformation,
    approved_automatically: decision.automaticApproval,
    unverified_facts: unverified,
    policy: check.policyMeta,
    policy_check_id: check.row.id,
    engine_version: DETERMINATION_ENGINE_VERSION,
  };
  const inputsDigest = sha256Of({ policyCheck: check.row.inputsDigest, history, requireClinician: opts.requireClinicianForAdverse, engineApprovalsFinal, unverified, engine: DETERMINATION_ENGINE_VERSION });
  // The content a reviewer reads: everything but the ids of this run, so equal inputs give an equal digest.
  const { policy_check_id: _runId, ...content } = body;
  void _runId;
  const contentDigest = sha256Of(content);

  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.determination.create({
      data: {
        workspaceId: opts.workspaceId,
        priorAuthId: material.priorAuth.id,
        policyCheckId: check.row.id,
        policyVersionId: policy.versionId,
        status: decision.status,
        recommendedStatus: decision.recommendedStatus,
        body: { ...body, inputs_digest: inputsDigest, content_digest: contentDigest } as unknown as Prisma.InputJsonValue,
        inputsDigest,
        contentDigest,
        engineVersion: DETERMINATION_ENGINE_VERSION,
        createdBy: opts.actor.label,
      },
    });
    await recordDetermination(tx, { workspaceId: opts.workspaceId, priorAuth: material.priorAuth, actor: opts.actor, decision, policy: { title: check.policyMeta.title, version: policy.version }, created, contentDigest });
    return created;
  });
  return presentDetermination(row);
}

export async function listDeterminations(opts: { workspaceId: string; priorAuthId: string }) {
  const rows = await prisma.determination.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "desc" }, take: 50 });
  return rows.map(presentDetermination);
}
