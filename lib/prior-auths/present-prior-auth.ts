import { formatTimestamp } from "@/lib/time";
import type { TPriorAuth } from "@/lib/schemas/prior-auth";

type Row = {
  id: string; caseId: string; status: string; intakeStatus: string; documentUrl: string | null; documentUrls: string[];
  failureReason: string | null; expedited: boolean; createdAt: Date; updatedAt: Date;
};

/** The API's view of a prior authorization (spec 2.1 plus case_id, failure_reason and expedited). */
export function presentPriorAuth(row: Row): TPriorAuth {
  return {
    id: row.id,
    case_id: row.caseId,
    status: row.status,
    intake_status: row.intakeStatus as TPriorAuth["intake_status"],
    document_url: row.documentUrl ?? row.documentUrls[0] ?? null,
    failure_reason: row.failureReason,
    expedited: row.expedited,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}
