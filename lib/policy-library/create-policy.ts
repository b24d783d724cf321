import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { Conflict, InvalidInput } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { PdfReadError } from "@/lib/documents/read-pdf";
import { insertDocument, prepareDocument } from "@/lib/documents/store-document";
import type { z } from "zod";
import type { ZPolicyMetadata } from "@/lib/schemas/policy";
import { findDuplicatePolicyDocument } from "./find-duplicate-policy-document";
import { planSectionPolicies, type PlannedSectionPolicy } from "@/lib/policies/library/plan-section-policies";
import { parsePolicy } from "@/lib/policies/parse-policy";
import { policyFromPayload } from "@/lib/policies/policy-payload";
import { presentPolicy, presentPolicySummary } from "@/lib/policies/present-policy";
import { readPolicyPdf } from "@/lib/policies/read/read-policy-pdf";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import type { ParsedPolicy } from "@/lib/policies/types";
import { stampReaderVersion } from "@/lib/policies/reader-version";
import { markRereadQueued, sendRereadJob } from "./reread/enqueue-reread";
import type { PolicyReading } from "@/lib/policies/reread/policy-reading";

export type PolicySource = { kind: "pdf"; bytes: Uint8Array; fileName: string | null } | { kind: "text"; text: string } | { kind: "criteria"; document: unknown };

/** A text or criteria upload is one policy, as it always was: a reading of one section. */
export function oneSection(parsed: ParsedPolicy, pages: { page: number; text: string }[]): PolicyDocumentReading {
  return {
    family: "single_drug", title: parsed.title, payer: parsed.payer, effectiveDate: parsed.effectiveDate, warnings: parsed.warnings ?? [],
    sections: [{ label: parsed.title, drugs: { names: parsed.drugNames, ndcs: parsed.suggestedCodes.ndc, cpts: parsed.suggestedCodes.cpt }, pages: pages.map((p) => p.page), policy: parsed }],
  };
}

async function readSource(source: PolicySource): Promise<{ pages: { page: number; text: string }[]; reading: PolicyDocumentReading; fromDocument: boolean; cellsLeft: number }> {
  if (source.kind === "pdf") {
    try {
      // A drug list's requirement cells without a usable text layer are recognised from the page image in a worker
      // thread, up to the per-document cell cap and time limit (the rest stay manual steps naming why).
      const { pages, reading, cells } = await readPolicyPdf(source.bytes);
      // Cells left for the cap or time limit are read by a background re-read (queued once the upload is stored).
      return { pages: pages.map(({ page, text }) => ({ page, text })), reading, fromDocument: true, cellsLeft: cells.leftByLimit };
    } catch (error) {
      // A document over a reading limit (DocumentOverLimit) goes up as it is.
      if (error instanceof PdfReadError) throw new InvalidInput(error.message);
      throw error;
    }
  }
  if (source.kind === "text") {
    const pages = source.text.split("\f").map((text, i) => ({ page: i + 1, text }));
    return { pages, reading: oneSection(parsePolicy(pages), pages), fromDocument: false, cellsLeft: 0 };
  }
  try {
    return { pages: [], reading: oneSection(policyFromPayload(JSON.stringify(source.document)), []), fromDocument: false, cellsLeft: 0 };
  } catch (error) {
    throw new InvalidInput(`criteria_document: ${error instanceof Error ? error.message : "is not valid"}`);
  }
}

/**
 * Reads a payer policy document and stores one policy (version 1) per drug or class section it holds, all in one
 * transaction and linked to the stored document. The drug names and codes of each section select it. The same PDF
 * uploaded again is refused (Conflict, naming the policies it made) unless `allowDuplicate`.
 */
export async function createPolicy(opts: { workspaceId: string; actor: Actor; source: PolicySource; metadata: z.infer<typeof ZPolicyMetadata>; allowDuplicate?: boolean }) {
  const { source, metadata: meta } = opts;
  if (source.kind === "pdf" && !opts.allowDuplicate) {
    const duplicate = await findDuplicatePolicyDocument(opts.workspaceId, createHash("sha256").update(source.bytes).digest("hex"));
    if (duplicate) {
      const named = duplicate.policies.slice(0, 10).map((p) => `"${p.title}" (${p.id})`).join(", ");
      const more = duplicate.policies.length > 10 ? ` and ${duplicate.policies.length - 10} more` : "";
      throw new Conflict(`This file was already uploaded as policy document ${duplicate.documentId}${duplicate.fileName ? ` (${duplicate.fileName})` : ""}, which holds ${named}${more}. Upload it again with allow_duplicate=true to store a second copy.`);
    }
  }
  const { pages, reading, cellsLeft } = await readSource(source);
  const what = source.kind === "pdf" ? `the document${source.fileName ? ` ${source.fileName}` : ""}` : "the policy";
  const plan = planSectionPolicies(reading, pages, meta, what);
  // The document is stored with the pages the policy reader read (text layer and recognised requirement cells), not
  // read again as a case document: a drug list's scanned pages are never whole-page recognised.
  const prepared =
    source.kind === "pdf"
      ? await prepareDocument({ workspaceId: opts.workspaceId, bytes: source.bytes, contentType: "application/pdf", kind: "pdf", fileName: source.fileName, createdBy: opts.actor.label }, { readPages: pages })
      : null;
  const created = await prisma.$transaction(
    async (tx) => {
      const document = prepared ? await insertDocument(tx, prepared) : null;
      const stored: { policy: Awaited<ReturnType<typeof tx.policy.create>>; version: Awaited<ReturnType<typeof tx.policyVersion.create>> }[] = [];
      for (const section of plan) stored.push(await storeSection(tx, { workspaceId: opts.workspaceId, actor: opts.actor, status: meta.status ?? "active", documentId: document?.id ?? null, fromDocument: !!document, section }));
      const queued: PolicyReading | null = document && cellsLeft > 0 ? await markRereadQueued(tx, { workspaceId: opts.workspaceId, documentId: document.id, reason: "cells", total: cellsLeft }) : null;
      const documentView = document ? { id: document.id, file_name: source.kind === "pdf" ? source.fileName : null, family: reading.family, sections: stored.length, reading: queued } : null;
      await recordAuditEvent(tx, {
        workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.created",
        details: { policy_id: stored[0].policy.id, title: stored[0].version.title, sections: plan[0].parsed.sections.length, document_id: document?.id ?? null, family: reading.family, policies: stored.length },
      });
      const docRef = document ? { id: document.id, fileName: source.kind === "pdf" ? source.fileName : null } : null;
      return {
        ...presentPolicy(stored[0].policy, stored[0].version, [stored[0].version], docRef),
        policy_document: documentView,
        policies: stored.map((s) => presentPolicySummary(s.policy, s.version, docRef)),
      };
    },
    { timeout: 120_000 },
  );
  // After the commit: the workers re-read the document's cells past the cap (its sections stay manual steps until then).
  const document = created.policy_document;
  if (document?.reading) {
    const failed = await sendRereadJob({ workspaceId: opts.workspaceId, documentId: document.id, reason: "cells" });
    if (failed) return { ...created, policy_document: { ...document, reading: failed } };
  }
  return created;
}

/** One section's policy and its version 1 (also used by a re-read for a section new in the document). */
export async function storeSection(
  tx: Prisma.TransactionClient,
  opts: { workspaceId: string; actor: Actor; status: string; documentId: string | null; fromDocument: boolean; section: PlannedSectionPolicy; changeNote?: string },
) {
  const { section } = opts;
  const policy = await tx.policy.create({
    data: {
      workspaceId: opts.workspaceId, status: opts.status, latestVersion: 1, documentId: opts.documentId,
      family: opts.fromDocument ? section.family : null, sectionLabel: opts.fromDocument ? section.sectionLabel : null,
      sectionPages: opts.fromDocument ? section.sectionPages : [], requirementCodes: section.requirementCodes,
    },
  });
  const version = await tx.policyVersion.create({
    data: {
      policyId: policy.id, version: 1, title: section.title, payer: section.payer, effectiveDate: section.effectiveDate,
      ndcCodes: section.ndcCodes, cptCodes: section.cptCodes, drugNames: section.drugNames, documentId: opts.documentId,
      pages: section.pages as unknown as Prisma.InputJsonValue, parsed: stampReaderVersion(section.parsed) as unknown as Prisma.InputJsonValue,
      changeNote: opts.changeNote ?? "Uploaded", createdBy: opts.actor.label,
    },
  });
  return { policy, version };
}
