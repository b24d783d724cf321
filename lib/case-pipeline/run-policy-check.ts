// Runs the policy check of a case: the policy given in the request, or the library's selection; the indication from
// the case's diagnoses; every criterion answered from the intake, the documents and the claims. Stored and audited.
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { ApiError, badRequest, unprocessable } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import { sha256Of } from "@/lib/digest";
import { engineVersion } from "@/lib/engine-versions";
import { assertUploadedDocumentsExist } from "@/lib/documents/check-document-references";
import { fetchDocument } from "@/lib/documents/fetch-document";
import { readDocumentContent } from "@/lib/documents/read-document-content";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { PdfReadError } from "@/lib/documents/read-pdf";
import { DocumentLimitError } from "@/lib/documents/read-in-worker";
import { UPLOADED_DOCUMENT_SCHEME } from "@/lib/schemas/prior-auth";
import type { TPolicyCheckRequest } from "@/lib/schemas/policy-check";
import { loadCaseMaterial, type CaseMaterial } from "./load-case-material";
import { requestDateOf } from "@/lib/request-date";
import { formatTimestamp } from "@/lib/time";
import type { PdfPage } from "@/lib/documents/read-pdf";
import { evaluatePolicy } from "@/lib/policies/evaluate-policy";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { sectionForCase } from "@/lib/policies/library/section-for-case";
import { withUnreadCriteriaStep } from "@/lib/policies/library/unread-criteria-step";
import { policyFromPayload } from "@/lib/policies/policy-payload";
import { readPolicyPages, readPolicyPdf } from "@/lib/policies/read/read-policy-pdf";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import { selectPolicyOrThrow } from "@/lib/policies/select-policy";
import type { CriteriaNode, ParsedPolicy } from "@/lib/policies/types";

// A policy check reads its own policy document or payload when given one, and evaluates: both engines, in one hash.
export const POLICY_ENGINE_VERSION = engineVersion("policy-check");

export interface ResolvedPolicy {
  parsed: ParsedPolicy;
  source: "library" | "policy_document_url" | "policy_payload";
  policyId: string | null;
  versionId: string | null;
  version: number | null;
}

/** A policy document's reading: the section of the case's drug (422 naming the drug and the document when it has none). */
function sectionOf(reading: PolicyDocumentReading, material: CaseMaterial, documentName: string): ParsedPolicy {
  return sectionForCase(reading, caseDrugsOf(material), documentName).parsed;
}

/** A policy PDF read for a check: a drug list's image-only requirement cells are recognised for the case's drug's rows only. */
async function readForCase(bytes: Uint8Array, material: CaseMaterial, recognisePages = false): Promise<PolicyDocumentReading> {
  return (await readPolicyPdf(bytes, { focus: caseDrugsOf(material).drugNames, recognisePages })).reading;
}

async function policyFromUrl(url: string, workspaceId: string, material: CaseMaterial): Promise<ParsedPolicy> {
  try {
    if (url.startsWith(UPLOADED_DOCUMENT_SCHEME)) {
      // The same 404 as a case's references: another workspace's upload looks like none.
      await assertUploadedDocumentsExist(prisma, workspaceId, [{ field: "policy_document_url", url }]);
      const doc = await prisma.document.findFirstOrThrow({ where: { id: url.slice(UPLOADED_DOCUMENT_SCHEME.length), workspaceId } });
      // A stored PDF is read again for its text positions (tables); other documents by their stored text.
      const reading = doc.contentType.includes("pdf") ? await readForCase(new Uint8Array(doc.bytes), material) : await readPolicyPages((doc.pages ?? []) as unknown as PdfPage[]);
      return sectionOf(reading, material, doc.fileName ? `${doc.fileName}, ${url}` : url);
    }
    const fetched = await fetchDocument(url);
    if (fetched.kind === "json") return policyFromPayload(new TextDecoder().decode(fetched.bytes));
    const reading = fetched.kind === "pdf" ? await readForCase(fetched.bytes, material, true) : await readPolicyPages((await readDocumentContent(fetched.bytes, fetched.kind)).pages);
    return sectionOf(reading, material, url);
  } catch (error) {
    if (error instanceof DocumentFetchError || error instanceof PdfReadError) throw unprocessable(`policy_document_url: ${error.message}`);
    if (error instanceof DocumentLimitError) throw new ApiError(error.status, `policy_document_url: ${error.message}`);
    throw error;
  }
}

/** policy_payload: a JSON criteria document is one policy; text is read as a document, the case's drug's section chosen. */
async function policyFromRequestPayload(payload: string, material: CaseMaterial): Promise<ParsedPolicy> {
  const trimmed = payload.trim();
  if (!trimmed || trimmed.startsWith("{") || trimmed.startsWith("[")) return policyFromPayload(payload);
  try {
    return sectionOf(await readPolicyPages([{ page: 1, text: payload }]), material, "policy_payload");
  } catch (error) {
    // The reader runs in a worker thread with a time and a heap limit.
    if (error instanceof DocumentLimitError) throw new ApiError(error.status, `policy_payload: ${error.message}`);
    throw error;
  }
}

/** The policy of this check: the request's override, or the library's choice for the case's codes and drug names. */
export async function resolvePolicy(workspaceId: string, material: CaseMaterial, request: TPolicyCheckRequest): Promise<ResolvedPolicy> {
  if (request?.policy_payload) {
    let parsed: ParsedPolicy;
    try {
      parsed = await policyFromRequestPayload(request.policy_payload, material);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest(`policy_payload: ${error instanceof Error ? error.message : "could not be read"}`);
    }
    return { parsed, source: "policy_payload", policyId: null, versionId: null, version: null };
  }
  if (request?.policy_document_url) {
    return { parsed: await policyFromUrl(request.policy_document_url, workspaceId, material), source: "policy_document_url", policyId: null, versionId: null, version: null };
  }
  const { chosen } = await selectPolicyOrThrow(workspaceId, material.facts);
  const version = await prisma.policyVersion.findUniqueOrThrow({ where: { id: chosen.versionId } });
  return { parsed: version.parsed as unknown as ParsedPolicy, source: "library", policyId: chosen.policyId, versionId: version.id, version: version.version };
}

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

export function presentPolicyCheck(row: { id: string; steps: unknown; summary: unknown; policySnapshot: unknown; createdAt: Date }) {
  const meta = (row.summary as { policy: unknown; rollup: unknown });
  return { id: row.id, policy_check: row.steps, policy: meta.policy, summary: meta.rollup, created_at: formatTimestamp(row.createdAt) };
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
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: material.priorAuth.id, actor: opts.actor, action: "policy_check.completed",
      details: { policy: policyMeta.title, version: policy.version, source: policy.source, section: policyMeta.section, overall: rollup.overall, steps: steps.length, failed: rollup.failed_steps, missing: rollup.missing_steps },
    });
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
