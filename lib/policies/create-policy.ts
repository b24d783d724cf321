import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { badRequest } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/api/with-workspace";
import { readPdf, PdfReadError } from "@/lib/documents/read-pdf";
import { insertDocument, prepareDocument } from "@/lib/documents/store-document";
import type { z } from "zod";
import type { ZPolicyMetadata } from "@/lib/schemas/policy";
import { parsePolicy } from "./parse-policy";
import { policyFromPayload } from "./policy-payload";
import { presentPolicy } from "./present-policy";
import type { ParsedPolicy } from "./types";

export type PolicySource = { kind: "pdf"; bytes: Uint8Array; fileName: string | null } | { kind: "text"; text: string } | { kind: "criteria"; document: unknown };

async function readSource(source: PolicySource): Promise<{ pages: { page: number; text: string }[]; parsed: ParsedPolicy }> {
  if (source.kind === "pdf") {
    try {
      const { pages } = await readPdf(source.bytes);
      return { pages: pages.map(({ page, text }) => ({ page, text })), parsed: parsePolicy(pages) };
    } catch (error) {
      if (error instanceof PdfReadError) throw badRequest(error.message);
      throw error;
    }
  }
  if (source.kind === "text") {
    const pages = source.text.split("\f").map((text, i) => ({ page: i + 1, text }));
    return { pages, parsed: parsePolicy(pages) };
  }
  try {
    const parsed = policyFromPayload(JSON.stringify(source.document));
    return { pages: [], parsed };
  } catch (error) {
    throw badRequest(`criteria_document: ${error instanceof Error ? error.message : "is not valid"}`);
  }
}

/**
 * Reads a payer policy into criteria and stores it as version 1. The covered drug names it lists select it at once;
 * NDC and CPT codes it mentions are suggestions an admin confirms (unless given here).
 */
export async function createPolicy(opts: { workspaceId: string; actor: Actor; source: PolicySource; metadata: z.infer<typeof ZPolicyMetadata> }) {
  const { pages, parsed } = await readSource(opts.source);
  const meta = opts.metadata;
  const prepared =
    opts.source.kind === "pdf"
      ? await prepareDocument({ workspaceId: opts.workspaceId, bytes: opts.source.bytes, contentType: "application/pdf", kind: "pdf", fileName: opts.source.fileName, createdBy: opts.actor.label })
      : null;
  return prisma.$transaction(async (tx) => {
    const document = prepared ? await insertDocument(tx, prepared) : null;
    const policy = await tx.policy.create({ data: { workspaceId: opts.workspaceId, status: meta.status ?? "active", latestVersion: 1 } });
    const version = await tx.policyVersion.create({
      data: {
        policyId: policy.id,
        version: 1,
        title: meta.title ?? parsed.title,
        payer: meta.payer ?? parsed.payer,
        effectiveDate: meta.effective_date ?? parsed.effectiveDate,
        ndcCodes: meta.ndc_codes ?? [],
        cptCodes: meta.cpt_codes ?? [],
        drugNames: meta.drug_names ?? parsed.drugNames,
        documentId: document?.id ?? null,
        pages: pages as unknown as Prisma.InputJsonValue,
        parsed: parsed as unknown as Prisma.InputJsonValue,
        changeNote: "Uploaded",
        createdBy: opts.actor.label,
      },
    });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.created", details: { policy_id: policy.id, title: version.title, sections: parsed.sections.length } });
    return presentPolicy(policy, version, [version]);
  });
}
