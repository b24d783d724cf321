import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { requestEvaluation } from "@/lib/case-pipeline/request-evaluation";
import { waitingClockData } from "@/lib/prior-auths/waiting-clock";
import { InvalidInput, NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Actor } from "@/lib/audit/actor";
import { readStoredClaims, type TClaimRecord, type TSupportingInformationRequest } from "@/lib/schemas/supporting-information";
import { eobToClaimRecord } from "./eob-to-claim-record";
import { assertTransition } from "@/lib/prior-auths/states";

/** Statuses that take no more information: the case is closed. */
const CLOSED = new Set(["Cancelled", "Failed"]);

function claimRecordsOf(body: TSupportingInformationRequest): TClaimRecord[] {
  const records: TClaimRecord[] = [];
  const problems: string[] = [];
  const eobs = [
    ...(body.claim_history?.data ?? []).flatMap((item) => (item.kind === "eob" ? [item.resource] : [])),
    ...((body.claim_history?.bundle?.entry ?? []) as { resource?: Record<string, unknown> }[])
      .map((e) => e.resource)
      .filter((r): r is Record<string, unknown> => r?.resourceType === "ExplanationOfBenefit"),
  ];
  for (const item of body.claim_history?.data ?? []) if (item.kind === "record") records.push(item.record);
  for (const eob of eobs) {
    const converted = eobToClaimRecord(eob);
    if (converted.record) records.push(converted.record);
    else problems.push(converted.problem!);
  }
  if (problems.length) throw new InvalidInput(`Invalid request: ${problems.join("; ")}`);
  return records;
}

/**
 * Stores claim history and the test claim of a case. Submissions accumulate; a known claim_id replaces its earlier
 * record (a re-send is idempotent). A case that moved past intake is re-opened for a new determination.
 */
export async function addSupportingInformation(opts: { workspaceId: string; priorAuthId: string; actor: Actor; body: TSupportingInformationRequest }) {
  const records = claimRecordsOf(opts.body);
  const testClaim = opts.body.test_claim?.data;
  const result = await prisma.$transaction(async (tx) => {
    const priorAuth = await tx.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId }, select: { id: true, workspaceId: true, status: true, dueAt: true, waitingSince: true, slaPaused: true } });
    if (!priorAuth) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
    if (CLOSED.has(priorAuth.status)) {
      return { status: "Failed" as const, message: `The prior authorization is ${priorAuth.status}: it takes no more information.` };
    }
    const rows = [
      ...records.map((r) => ({ kind: "history", claimId: r.claim_id, date: r.date, data: r })),
      ...(testClaim ? [{ kind: "test", claimId: testClaim.claim_id, date: testClaim.date, data: testClaim }] : []),
    ];
    for (const row of rows) {
      await tx.claimRecord.upsert({
        where: { priorAuthId_kind_claimId: { priorAuthId: priorAuth.id, kind: row.kind, claimId: row.claimId } },
        create: { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, kind: row.kind, claimId: row.claimId, date: row.date, data: row.data as Prisma.InputJsonValue },
        update: { date: row.date, data: row.data as Prisma.InputJsonValue },
      });
    }
    // Information that was asked for re-opens the case for a new determination.
    if (priorAuth.status === "request_for_information") {
      assertTransition(priorAuth.status, "Succeeded");
      await tx.priorAuth.update({ where: { id: priorAuth.id }, data: { status: "Succeeded", ...(await waitingClockData(tx, priorAuth, "Succeeded")) } });
      await recordAuditEvent(tx, { workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "prior_auth.reopened", details: { reason: "supporting information received" } });
    }
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, actor: opts.actor, action: "supporting_information.added",
      details: { claim_records: records.length, test_claim: testClaim?.claim_id ?? null, claim_ids: records.map((r) => r.claim_id).slice(0, 50) },
    });
    return { status: "Succeeded" as const };
  });
  // New evidence: the case is evaluated again in the background (when the workspace asks for it).
  if (result.status === "Succeeded") await requestEvaluation({ priorAuthId: opts.priorAuthId, workspaceId: opts.workspaceId, trigger: "supporting_information" });
  return result;
}

export async function listClaimRecords(opts: { workspaceId: string; priorAuthId: string }) {
  const rows = await prisma.claimRecord.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: [{ date: "asc" }, { claimId: "asc" }] });
  const { claims, testClaim } = readStoredClaims(rows);
  return { claim_history: claims, test_claim: testClaim };
}
