import { requestDateOf } from "@/lib/request-date";
import { formatTimestamp } from "@/lib/time";
import { isUnchecked } from "./queue-views";
import { ZPriorAuth, type TPriorAuth } from "@/lib/schemas/prior-auth";

/**
 * The stored reading progress (PriorAuth.intakeProgress) through the answer's schema. It is a passing hint rewritten
 * every half second while a case is read, not a record: a value of another shape is shown as no progress.
 */
function intakeProgressOf(stored: unknown): TPriorAuth["intake_progress"] {
  return ZPriorAuth.shape.intake_progress.safeParse(stored ?? null).data ?? null;
}

type Row = {
  id: string; caseId: string; status: string; intakeStatus: string; documentUrl: string | null; documentUrls: string[];
  failureReason: string | null; expedited: boolean; createdAt: Date; updatedAt: Date; receivedAt: Date; requestDate?: Date | null; dueAt: Date | null; decidedAt?: Date | null;
  patientName?: string | null; drugName?: string | null; decidedBy?: string | null; engineRecommendation?: string | null; policyTitle?: string | null; statusReason?: string | null; uncheckedReason?: string | null; waitingSince?: Date | null; slaPaused?: boolean; intakeProgress?: unknown; assignee?: { id: string; email: string } | null;
  /** Read with PRIOR_AUTH_INCLUDE: any PAS submission names the channel. */
  pasSubmissions?: { id: string }[];
};

export interface SlaHours {
  slaHoursExpedited: number;
  slaHoursStandard: number;
}

/** When the decision is due: receipt plus the workspace's hours for expedited or standard requests. */
export function slaDueAt(row: { receivedAt: Date; expedited: boolean }, sla: SlaHours): Date {
  return new Date(row.receivedAt.getTime() + (row.expedited ? sla.slaHoursExpedited : sla.slaHoursStandard) * 3600_000);
}

/** The API's view of a prior authorization: spec 2.1, plus what clients and the work queue need. */
export function presentPriorAuth(row: Row): TPriorAuth {
  return {
    id: row.id,
    case_id: row.caseId,
    status: row.status,
    intake_status: row.intakeStatus as TPriorAuth["intake_status"],
    document_url: row.documentUrl ?? row.documentUrls[0] ?? null,
    failure_reason: row.failureReason,
    expedited: row.expedited,
    patient_name: row.patientName ?? null,
    drug_name: row.drugName ?? null,
    assignee: row.assignee ? { id: row.assignee.id, email: row.assignee.email } : null,
    sla_due_at: row.dueAt ? formatTimestamp(row.dueAt) : null,
    decided_at: row.decidedAt ? formatTimestamp(row.decidedAt) : null,
    decided_by: row.decidedBy ?? null,
    engine_recommendation: row.engineRecommendation ?? null,
    policy_title: row.policyTitle ?? null,
    status_reason: row.statusReason ?? null,
    unchecked_reason: isUnchecked(row.status) ? (row.uncheckedReason ?? null) : null,
    waiting_since: row.waitingSince ? formatTimestamp(row.waitingSince) : null,
    sla_paused: row.slaPaused ?? false,
    intake_progress: row.status === "Processing" ? intakeProgressOf(row.intakeProgress) : null,
    received_at: formatTimestamp(row.receivedAt),
    request_date: requestDateOf({ requestDate: row.requestDate ?? null, receivedAt: row.receivedAt }),
    channel: row.pasSubmissions?.length ? "pas" : "api",
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}

export const PRIOR_AUTH_INCLUDE = { assignee: { select: { id: true, email: true } }, pasSubmissions: { select: { id: true }, take: 1 } } as const;

/** Only the columns presentPriorAuth shows (not the stored ePA payload, the lease or the creator): a read of one case. */
export const PRIOR_AUTH_ANSWER_SELECT = {
  id: true, caseId: true, status: true, intakeStatus: true, documentUrl: true, documentUrls: true, failureReason: true, expedited: true,
  createdAt: true, updatedAt: true, receivedAt: true, requestDate: true, dueAt: true, decidedAt: true, patientName: true, drugName: true,
  decidedBy: true, engineRecommendation: true, policyTitle: true, statusReason: true, uncheckedReason: true, waitingSince: true,
  slaPaused: true, intakeProgress: true, ...PRIOR_AUTH_INCLUDE,
} as const satisfies Record<keyof Row, unknown>;
