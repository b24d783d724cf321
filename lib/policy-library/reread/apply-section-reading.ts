// Stores what a new reading of one section decides for its policy (decide-reread.ts): a new version stamped by the
// current reader, or the reading as the policy's draft, or nothing. Runs inside the caller's transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { Conflict } from "@/lib/errors/domain-errors";
import type { Actor } from "@/lib/audit/actor";
import type { StoredDraft } from "../policy-drafts";
import type { PlannedSectionPolicy } from "@/lib/policies/library/plan-section-policies";
import { currentReaderVersion, stampReaderVersion } from "@/lib/policies/reader-version";
import { UnreadableRecord } from "@/lib/stored-record";
import { readVersionPolicy } from "@/lib/policies/parsed-policy-schema";
import { decideReread, decideRereadOverUnreadable, isReaderNote, type RereadDecision, type VersionSnapshot } from "@/lib/policies/reread/decide-reread";

type Tx = Prisma.TransactionClient;

export interface StoredVersionRow {
  policyId: string; version: number; title: string; payer: string | null; effectiveDate: string | null; ndcCodes: string[]; cptCodes: string[]; drugNames: string[];
  documentId: string | null; pages: unknown; parsed: unknown; changeNote: string | null;
}
export interface StoredPolicyRow {
  id: string; latestVersion: number; draft: unknown; family: string | null;
}

/** A stored version as the re-read compares it; null when its criteria were written by an older engine (unreadable). */
function snapshot(v: StoredVersionRow): VersionSnapshot | null {
  try {
    return { parsed: readVersionPolicy(v), drugNames: v.drugNames, ndcCodes: v.ndcCodes, cptCodes: v.cptCodes };
  } catch (error) {
    if (error instanceof UnreadableRecord) return null;
    throw error;
  }
}

export interface AppliedReading {
  policyId: string;
  action: RereadDecision["action"];
  version: number | null;
  changeNote: string | null;
}

/**
 * `versions`: the policy's versions, newest first. A single-drug policy keeps its drug names and codes (an admin gave
 * them at upload); a section of a multi-drug document takes the binding the reader gives unless a person edited it.
 */
export async function applySectionReading(
  tx: Tx,
  opts: { policy: StoredPolicyRow; versions: readonly StoredVersionRow[]; planned: PlannedSectionPolicy; actor: Actor; fromDocument: boolean },
): Promise<AppliedReading> {
  const { policy, planned } = opts;
  const latest = opts.versions.find((v) => v.version === policy.latestVersion) ?? opts.versions[0];
  const lastReader = opts.versions.find((v) => isReaderNote(v.changeNote)) ?? null;
  const keepsBinding = planned.family === "single_drug";
  const reading: VersionSnapshot = keepsBinding
    ? { parsed: planned.parsed, drugNames: latest.drugNames, ndcCodes: latest.ndcCodes, cptCodes: latest.cptCodes }
    : { parsed: planned.parsed, drugNames: planned.drugNames, ndcCodes: planned.ndcCodes, cptCodes: planned.cptCodes };
  const reader = currentReaderVersion();
  // Re-reading is what repairs a policy stored by an older engine: its unreadable criteria are not compared.
  const latestSnapshot = snapshot(latest);
  const decision = latestSnapshot
    ? decideReread({ latest: latestSnapshot, lastReaderVersion: lastReader ? snapshot(lastReader) : null, reading, hasDraft: policy.draft != null, currentReader: reader })
    : decideRereadOverUnreadable({ hasDraft: policy.draft != null, currentReader: reader });
  const stamped = stampReaderVersion(planned.parsed, reader);
  const parsed = stamped as unknown as Prisma.InputJsonValue;
  if (decision.action === "none" || decision.action === "draft_exists") return { policyId: policy.id, action: decision.action, version: null, changeNote: "changeNote" in decision ? decision.changeNote : null };
  if (decision.action === "draft") {
    const draft: StoredDraft = { parsed: stamped, baseVersion: policy.latestVersion };
    await tx.policy.update({ where: { id: policy.id }, data: { draft: draft as unknown as Prisma.InputJsonValue, draftUpdatedAt: new Date(), draftUpdatedBy: `${opts.actor.label} (re-read)` } });
    return { policyId: policy.id, action: "draft", version: null, changeNote: decision.changeNote };
  }
  const version = policy.latestVersion + 1;
  const bindings = decision.bindings === "kept" ? latest : reading;
  await tx.policyVersion.create({
    data: {
      policyId: policy.id, version, title: latest.title, payer: latest.payer, effectiveDate: latest.effectiveDate,
      ndcCodes: [...bindings.ndcCodes], cptCodes: [...bindings.cptCodes], drugNames: [...bindings.drugNames], documentId: latest.documentId,
      pages: planned.pages as unknown as Prisma.InputJsonValue, parsed, changeNote: decision.changeNote, createdBy: opts.actor.label,
    },
  });
  // Only this transaction may move latestVersion from what it read: a concurrent publish or edit fails it instead.
  const moved = await tx.policy.updateMany({
    where: { id: policy.id, latestVersion: policy.latestVersion },
    data: {
      latestVersion: version,
      ...(opts.fromDocument ? { family: planned.family, sectionLabel: planned.sectionLabel, sectionPages: planned.sectionPages, requirementCodes: planned.requirementCodes } : {}),
    },
  });
  if (moved.count !== 1) throw new Conflict(`Policy ${policy.id} changed while it was re-read; re-read it again.`);
  return { policyId: policy.id, action: "version", version, changeNote: decision.changeNote };
}
