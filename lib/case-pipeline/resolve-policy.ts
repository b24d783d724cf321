// Stage 3, resolve the policy section: the policy a check of this case answers. A policy given with the request
// (policy_document_url, read by the `policy` engine for the case's drug's section; policy_payload), or the workspace's
// active policy for the case's codes or drug names (the pure choice: lib/policies/select-policy.ts). Policies of the
// library were read on upload (lib/policy-library/create-policy.ts) and are stored with the reader's version.
import { prisma } from "@/lib/db/prisma";
import { DocumentOverLimit, DomainError, InvalidInput, NoApplicablePolicy, UnprocessableDocument } from "@/lib/errors/domain-errors";
import { assertUploadedDocumentsExist } from "@/lib/documents/check-document-references";
import { fetchDocument } from "@/lib/documents/fetch-document";
import { readDocumentContent } from "@/lib/documents/read-document-content";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { PdfReadError } from "@/lib/documents/read-pdf";
import type { IntakeFacts } from "@/lib/intake/types";
import { UPLOADED_DOCUMENT_SCHEME } from "@/lib/schemas/prior-auth";
import type { TPolicyCheckRequest } from "@/lib/schemas/policy-check";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { sectionForCase } from "@/lib/policies/library/section-for-case";
import { policyFromPayload } from "@/lib/policies/policy-payload";
import { readPolicyPages, readPolicyPdf } from "@/lib/policies/read/read-policy-pdf";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import { caseItems, choosePolicy, type PolicyCandidate } from "@/lib/policies/select-policy";
import { readVersionPolicy } from "@/lib/policies/parsed-policy-schema";
import type { ParsedPolicy } from "@/lib/policies/types";
import { readStoredPages } from "@/lib/documents/layout/source-document";
import type { CaseMaterial } from "./load-case-material";

export interface ResolvedPolicy {
  parsed: ParsedPolicy;
  source: "library" | "policy_document_url" | "policy_payload";
  policyId: string | null;
  versionId: string | null;
  version: number | null;
}

/** A policy document's reading: the section of the case's drug (NoApplicablePolicy naming the drug and the document when it has none). */
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
      // The same NotFound as a case's references: another workspace's upload looks like none.
      await assertUploadedDocumentsExist(prisma, workspaceId, [{ field: "policy_document_url", url }]);
      const doc = await prisma.document.findFirstOrThrow({ where: { id: url.slice(UPLOADED_DOCUMENT_SCHEME.length), workspaceId } });
      // A stored PDF is read again for its text positions (tables); other documents by their stored text.
      const reading = doc.contentType.includes("pdf") ? await readForCase(new Uint8Array(doc.bytes), material) : await readPolicyPages(readStoredPages(doc.pages, `the pages of document ${doc.id}`));
      return sectionOf(reading, material, doc.fileName ? `${doc.fileName}, ${url}` : url);
    }
    const fetched = await fetchDocument(url);
    if (fetched.kind === "json") return policyFromPayload(new TextDecoder().decode(fetched.bytes));
    const reading = fetched.kind === "pdf" ? await readForCase(fetched.bytes, material, true) : await readPolicyPages((await readDocumentContent(fetched.bytes, fetched.kind)).pages);
    return sectionOf(reading, material, url);
  } catch (error) {
    if (error instanceof DocumentFetchError || error instanceof PdfReadError) throw new UnprocessableDocument(`policy_document_url: ${error.message}`);
    if (error instanceof DocumentOverLimit) throw new DocumentOverLimit(`policy_document_url: ${error.message}`, error.limit);
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
    if (error instanceof DocumentOverLimit) throw new DocumentOverLimit(`policy_payload: ${error.message}`, error.limit);
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
      if (error instanceof DomainError) throw error;
      throw new InvalidInput(`policy_payload: ${error instanceof Error ? error.message : "could not be read"}`);
    }
    return { parsed, source: "policy_payload", policyId: null, versionId: null, version: null };
  }
  if (request?.policy_document_url) {
    return { parsed: await policyFromUrl(request.policy_document_url, workspaceId, material), source: "policy_document_url", policyId: null, versionId: null, version: null };
  }
  const { chosen } = await selectPolicyOrThrow(workspaceId, material.facts);
  const version = await prisma.policyVersion.findUniqueOrThrow({ where: { id: chosen.versionId } });
  return { parsed: readVersionPolicy(version), source: "library", policyId: chosen.policyId, versionId: version.id, version: version.version };
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
  throw new NoApplicablePolicy(`No active policy of this workspace applies to this request (looked for ${lookedFor}). Upload or activate a policy for it, or pass policy_document_url or policy_payload.`);
}
