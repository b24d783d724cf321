import { prisma } from "@/lib/db/prisma";
import { READ_INTAKE_AGAIN, ZIntakeFacts } from "@/lib/intake/intake-facts-schema";
import { readStoredRecord } from "@/lib/stored-record";
import type { TMetricsReport } from "@/lib/schemas/report";
import { computeMetrics, type MetricsCase } from "./compute-metrics";
import { computeCorrectionMetrics } from "./correction-metrics";

const DAY_MS = 86400_000;
const CHUNK = 1000;
/** What the engine concludes when it does not approve: an approval after one of these is an approval after review. */
const APPROVED = "approved";

function defaultPeriod(from?: string, to?: string) {
  const end = to ?? new Date().toISOString().slice(0, 10);
  const start = from ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  return { from: start, to: end };
}

/** What the report reads of a stored intake: its procedures (the rest of the facts is not the report's to judge). */
const ZIntakeProcedures = ZIntakeFacts.pick({ procedures: true });

/**
 * The workspace's requests received between `from` and `to` (UTC days, inclusive), with their final decisions:
 * status approved / denied with decidedAt (the engine's auto-approval or a reviewer's decision). A final approval
 * counts as "after review" when the latest approving review followed a determination that recommended otherwise.
 */
export async function getMetrics(opts: { workspaceId: string; from?: string; to?: string }): Promise<TMetricsReport> {
  const period = defaultPeriod(opts.from, opts.to);
  const rows = await prisma.priorAuth.findMany({
    where: {
      workspaceId: opts.workspaceId,
      receivedAt: { gte: new Date(`${period.from}T00:00:00Z`), lt: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS) },
    },
    select: { id: true, drugName: true, expedited: true, status: true, receivedAt: true, decidedAt: true },
  });

  const procedureOf = new Map<string, string>();
  const reviewedApproval = new Set<string>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const withoutDrug = chunk.filter((r) => !r.drugName).map((r) => r.id);
    if (withoutDrug.length) {
      const intakes = await prisma.intake.findMany({ where: { priorAuthId: { in: withoutDrug } }, select: { priorAuthId: true, facts: true } });
      for (const intake of intakes) {
        const { procedures } = readStoredRecord(ZIntakeProcedures, intake.facts, { record: `the intake of prior authorization ${intake.priorAuthId}`, remedy: READ_INTAKE_AGAIN });
        const code = procedures.find((p) => p.code)?.code;
        if (code) procedureOf.set(intake.priorAuthId, code);
      }
    }
    const approvedIds = chunk.filter((r) => r.status === APPROVED).map((r) => r.id);
    if (!approvedIds.length) continue;
    const reviews = await prisma.review.findMany({
      where: { priorAuthId: { in: approvedIds }, decision: { in: ["approved", "denied"] } },
      orderBy: { createdAt: "desc" },
      select: { priorAuthId: true, decision: true, determinationId: true, createdAt: true },
    });
    const latest = new Map<string, (typeof reviews)[number]>();
    for (const review of reviews) if (!latest.has(review.priorAuthId)) latest.set(review.priorAuthId, review);
    const approvingReviews = [...latest.values()].filter((r) => r.decision === APPROVED);
    const determinations = await prisma.determination.findMany({
      where: { priorAuthId: { in: approvingReviews.map((r) => r.priorAuthId) } },
      orderBy: { createdAt: "desc" },
      select: { id: true, priorAuthId: true, recommendedStatus: true, createdAt: true },
    });
    for (const review of approvingReviews) {
      // The determination the reviewer saw: the linked one, else the latest before the review.
      const seen =
        determinations.find((d) => d.id === review.determinationId) ??
        determinations.find((d) => d.priorAuthId === review.priorAuthId && d.createdAt <= review.createdAt);
      if (seen && seen.recommendedStatus !== APPROVED) reviewedApproval.add(review.priorAuthId);
    }
  }

  const cases: MetricsCase[] = rows.map((r) => {
    const procedure = procedureOf.get(r.id);
    return {
      item: r.drugName ?? procedure ?? "Unspecified",
      itemType: r.drugName ? "drug" : procedure ? "procedure" : "unspecified",
      expedited: r.expedited,
      status: r.status,
      receivedAt: r.receivedAt,
      decidedAt: r.decidedAt,
      approvedAfterReview: reviewedApproval.has(r.id),
    };
  });
  const corrections = await prisma.intakeCorrection.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: { in: rows.map((r) => r.id) } }, select: { priorAuthId: true, field: true } });
  return { ...computeMetrics(cases, period), corrections: computeCorrectionMetrics(corrections, rows.length) };
}
