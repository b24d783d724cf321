import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { Conflict, NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { formatTimestamp } from "@/lib/time";
import { z } from "zod";
import { readStoredRecord, type Same } from "@/lib/stored-record";
import { readVersionPolicy, ZStoredParsedPolicy } from "@/lib/policies/parsed-policy-schema";
import type { ParsedPolicy } from "@/lib/policies/types";
import { applyCriteriaEdits, type CriterionEdit } from "@/lib/policies/drafts/apply-criteria-edits";
import { diffCriteria } from "@/lib/policies/drafts/diff-criteria";

type Tx = Prisma.TransactionClient;
/** What Policy.draft holds: the edited criteria and the version they were started from. */
export type StoredDraft = { parsed: ParsedPolicy; baseVersion: number };
const ZStoredDraft = z.object({ parsed: ZStoredParsedPolicy, baseVersion: z.number() });
const draftTypesAgree: Same<z.infer<typeof ZStoredDraft>, StoredDraft> = true;
void draftTypesAgree;

/** The policy's pending draft, null when there is none; one that does not parse is reported (UnreadableRecord). */
function draftOf(policy: { id: string; draft: unknown }): StoredDraft | null {
  if (policy.draft === null) return null;
  return readStoredRecord(ZStoredDraft, policy.draft, { record: `the draft of policy ${policy.id}`, remedy: "discard the draft and edit the criteria again" });
}

async function policyOrThrow(tx: Tx, workspaceId: string, policyId: string) {
  const policy = await tx.policy.findFirst({ where: { id: policyId, workspaceId } });
  if (!policy) throw new NotFound(`Policy ${policyId}`);
  return policy;
}

async function versionOrThrow(tx: Tx, policyId: string, version: number) {
  const row = await tx.policyVersion.findUnique({ where: { policyId_version: { policyId, version } } });
  if (!row) throw new NotFound(`Version ${version} of policy ${policyId}`);
  return row;
}

/** Criteria edits go to the draft (started from the latest version when there is none); nothing the policy check reads changes. */
export async function saveDraftEdits(tx: Tx, opts: { workspaceId: string; policyId: string; actor: Actor; edits: CriterionEdit[] }) {
  const policy = await policyOrThrow(tx, opts.workspaceId, opts.policyId);
  const current = draftOf(policy);
  const base = current ?? { parsed: readVersionPolicy(await versionOrThrow(tx, policy.id, policy.latestVersion)), baseVersion: policy.latestVersion };
  const draft: StoredDraft = { parsed: applyCriteriaEdits(base.parsed, opts.edits), baseVersion: base.baseVersion };
  await tx.policy.update({ where: { id: policy.id }, data: { draft: draft as unknown as Prisma.InputJsonValue, draftUpdatedAt: new Date(), draftUpdatedBy: opts.actor.label } });
  await recordAuditEvent(tx, {
    workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.draft_edited",
    details: { policy_id: policy.id, base_version: draft.baseVersion, criteria: opts.edits.map((e) => e.criterion_id) },
  });
}

/** The pending draft with its changes against the active (latest) version, or NotFound when there is none. */
export async function getDraftOrThrow(opts: { workspaceId: string; policyId: string }) {
  const policy = await policyOrThrow(prisma, opts.workspaceId, opts.policyId);
  const draft = draftOf(policy);
  if (!draft) throw new NotFound(`A draft of policy ${opts.policyId}`);
  const active = await versionOrThrow(prisma, policy.id, policy.latestVersion);
  return {
    policy_id: policy.id,
    base_version: draft.baseVersion,
    active_version: policy.latestVersion,
    updated_at: formatTimestamp(policy.draftUpdatedAt ?? policy.updatedAt),
    updated_by: policy.draftUpdatedBy ?? "unknown",
    changes: diffCriteria(readVersionPolicy(active), draft.parsed),
  };
}

/** The draft becomes version latest+1 (the latest version's codes and names, the draft's criteria); the draft is cleared. */
export async function publishDraft(opts: { workspaceId: string; policyId: string; actor: Actor; changeNote: string }) {
  return prisma.$transaction(async (tx) => {
    const policy = await policyOrThrow(tx, opts.workspaceId, opts.policyId);
    const draft = draftOf(policy);
    if (!draft) throw new Conflict(`Policy ${policy.id} has no draft to publish.`);
    const latest = await versionOrThrow(tx, policy.id, policy.latestVersion);
    const changes = diffCriteria(readVersionPolicy(latest), draft.parsed);
    const version = policy.latestVersion + 1;
    await tx.policyVersion.create({
      data: {
        policyId: policy.id, version, title: latest.title, payer: latest.payer, effectiveDate: latest.effectiveDate,
        ndcCodes: latest.ndcCodes, cptCodes: latest.cptCodes, drugNames: latest.drugNames, documentId: latest.documentId,
        pages: latest.pages as Prisma.InputJsonValue, parsed: draft.parsed as unknown as Prisma.InputJsonValue,
        changeNote: opts.changeNote, createdBy: opts.actor.label,
      },
    });
    // Only this transaction may move latestVersion from what it read: a concurrent publish fails instead of overwriting.
    const moved = await tx.policy.updateMany({
      where: { id: policy.id, latestVersion: policy.latestVersion },
      data: { latestVersion: version, draft: Prisma.DbNull, draftUpdatedAt: null, draftUpdatedBy: null },
    });
    if (moved.count !== 1) throw new Conflict("The policy changed while publishing; reload and try again.");
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.published",
      details: { policy_id: policy.id, version, base_version: draft.baseVersion, change_note: opts.changeNote, changed_criteria: changes.map((c) => `${c.change} ${c.criterion_id}`) },
    });
    return version;
  });
}

/** Discards the pending draft (NotFound when there is none). */
export async function discardDraft(opts: { workspaceId: string; policyId: string; actor: Actor }) {
  await prisma.$transaction(async (tx) => {
    const policy = await policyOrThrow(tx, opts.workspaceId, opts.policyId);
    if (!policy.draft) throw new NotFound(`A draft of policy ${opts.policyId}`);
    await tx.policy.update({ where: { id: policy.id }, data: { draft: Prisma.DbNull, draftUpdatedAt: null, draftUpdatedBy: null } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.draft_discarded", details: { policy_id: policy.id } });
  });
}

/** A draft made from an older version's criteria (replacing any pending draft); published like any other draft. */
export async function restoreVersionAsDraft(opts: { workspaceId: string; policyId: string; version: number; actor: Actor }) {
  await prisma.$transaction(async (tx) => {
    const policy = await policyOrThrow(tx, opts.workspaceId, opts.policyId);
    const old = await versionOrThrow(tx, policy.id, opts.version);
    const draft: StoredDraft = { parsed: readVersionPolicy(old), baseVersion: policy.latestVersion };
    await tx.policy.update({ where: { id: policy.id }, data: { draft: draft as unknown as Prisma.InputJsonValue, draftUpdatedAt: new Date(), draftUpdatedBy: opts.actor.label } });
    await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: opts.actor, action: "policy.version_restored_as_draft", details: { policy_id: policy.id, version: opts.version } });
  });
  return getDraftOrThrow(opts);
}

/** Per-criterion changes from one version to another ("draft" for the pending draft). */
export async function compareVersions(opts: { workspaceId: string; policyId: string; from: number | "draft"; to: number | "draft" }) {
  const policy = await policyOrThrow(prisma, opts.workspaceId, opts.policyId);
  const load = async (ref: number | "draft") => {
    if (ref !== "draft") return readVersionPolicy(await versionOrThrow(prisma, policy.id, ref));
    const draft = draftOf(policy);
    if (!draft) throw new NotFound(`A draft of policy ${opts.policyId}`);
    return draft.parsed;
  };
  return { policy_id: policy.id, from: opts.from, to: opts.to, changes: diffCriteria(await load(opts.from), await load(opts.to)) };
}
