// Reads a stored policy document again with the current reader (a drug list's image cells up to the background cell
// cap) and brings its policies up to date in one transaction: a matched section whose reading changed gets a new
// version (or, over a person's edits, a draft); a new section becomes a new policy; a policy whose section is no
// longer found is left as it is and reported. Audited as policy_document.reread.
import { prisma } from "@/lib/db/prisma";
import { NotFound, UnprocessableDocument } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { storeSection } from "../create-policy";
import { planSectionPolicies } from "@/lib/policies/library/plan-section-policies";
import { readPolicyPdf } from "@/lib/policies/read/read-policy-pdf";
import { currentReaderVersion } from "@/lib/policies/reader-version";
import { applySectionReading, type AppliedReading } from "./apply-section-reading";
import { backgroundCellLimits } from "@/lib/policies/reread/background-cell-limits";
import { REREAD_NOTE_PREFIX } from "@/lib/policies/reread/decide-reread";
import { matchSections } from "@/lib/policies/reread/match-sections";

export interface RereadOutcome {
  reader_version: string;
  sections_read: number;
  changed: number;
  added: number;
  drafts: number;
  /** Policies with a pending draft of a person: the new reading was not stored. */
  drafts_kept: number;
  unchanged: number;
  /** Policies whose section the reading no longer found (left untouched). */
  unmatched: string[];
  /** Requirement cells still left unread for the background cap or time limit. */
  cells_left: number;
  cells: { asked: number; recognised: number; unread: number };
  policies: AppliedReading[];
}

const VERSION_SELECT = { policyId: true, version: true, title: true, payer: true, effectiveDate: true, ndcCodes: true, cptCodes: true, drugNames: true, documentId: true, pages: true, parsed: true, changeNote: true } as const;

export async function rereadPolicyDocument(opts: { workspaceId: string; documentId: string; actor: Actor; onCellProgress?: (done: number, total: number) => void }): Promise<RereadOutcome> {
  const document = await prisma.document.findFirst({ where: { id: opts.documentId, workspaceId: opts.workspaceId, policies: { some: {} } }, select: { id: true, bytes: true, fileName: true, contentType: true } });
  if (!document) throw new NotFound(`Policy document ${opts.documentId}`);
  if (document.contentType !== "application/pdf") throw new UnprocessableDocument(`Policy document ${document.id} is no PDF: there is nothing to re-read.`);
  const limits = backgroundCellLimits();
  const { pages, reading, cells } = await readPolicyPdf(new Uint8Array(document.bytes), { cellLimits: limits, onCellProgress: opts.onCellProgress });
  const plan = planSectionPolicies(reading, pages, {}, `the document${document.fileName ? ` ${document.fileName}` : ""}`);
  const reader = currentReaderVersion();

  return prisma.$transaction(
    async (tx) => {
      const policies = await tx.policy.findMany({ where: { documentId: document.id, workspaceId: opts.workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, latestVersion: true, draft: true, family: true, sectionLabel: true, status: true } });
      const versions = await tx.policyVersion.findMany({ where: { policyId: { in: policies.map((p) => p.id) } }, select: VERSION_SELECT, orderBy: { version: "desc" } });
      const byPolicy = new Map<string, typeof versions>();
      for (const v of versions) byPolicy.set(v.policyId, [...(byPolicy.get(v.policyId) ?? []), v]);
      const latestOf = (id: string, latest: number) => byPolicy.get(id)?.find((v) => v.version === latest);
      const match = matchSections(
        policies.map((p) => ({ policyId: p.id, label: p.sectionLabel, drugNames: latestOf(p.id, p.latestVersion)?.drugNames ?? [] })),
        plan.map((s) => ({ label: s.sectionLabel, drugNames: s.drugNames })),
      );
      const applied: AppliedReading[] = [];
      for (const pair of match.pairs) {
        const policy = policies.find((p) => p.id === pair.policyId)!;
        applied.push(await applySectionReading(tx, { policy, versions: byPolicy.get(policy.id) ?? [], planned: plan[pair.index], actor: opts.actor, fromDocument: true }));
      }
      // New sections take the status most of the document's policies have (an admin who activated the document's
      // policies gets its new sections active too).
      const active = policies.filter((p) => p.status === "active").length;
      const status = active * 2 >= policies.length ? "active" : (policies[0]?.status ?? "draft");
      for (const index of match.added) {
        const stored = await storeSection(tx, { workspaceId: opts.workspaceId, actor: opts.actor, status, documentId: document.id, fromDocument: true, section: plan[index], changeNote: `${REREAD_NOTE_PREFIX} ${reader}: new section` });
        applied.push({ policyId: stored.policy.id, action: "version", version: 1, changeNote: `new section ${plan[index].sectionLabel}` });
      }
      const count = (action: AppliedReading["action"]) => applied.filter((a) => a.action === action).length;
      const outcome: RereadOutcome = {
        reader_version: reader,
        sections_read: plan.length,
        changed: count("version") - match.added.length,
        added: match.added.length,
        drafts: count("draft"),
        drafts_kept: count("draft_exists"),
        unchanged: count("none"),
        unmatched: match.unmatched,
        cells_left: cells.leftByLimit,
        cells: { asked: cells.asked, recognised: cells.recognised, unread: cells.unread },
        policies: applied,
      };
      const { policies: _list, ...counts } = outcome;
      void _list;
      await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "policy_document.reread", details: { document_id: document.id, ...counts } });
      return outcome;
    },
    { timeout: 120_000 },
  );
}
