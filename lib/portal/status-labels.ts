// Case statuses in reviewers' words (the API's values are kept for filters and requests).
const LABELS: Record<string, string> = {
  Processing: "Processing",
  Succeeded: "Ready for review",
  Failed: "Failed",
  Cancelled: "Cancelled",
  approved: "Approved",
  denied: "Denied",
  pending_review: "Pending review",
  request_for_information: "Info requested",
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status.replace(/_/g, " ");
}

/** The queue's status filter, in the order a reviewer works. */
export const STATUS_FILTERS = ["Succeeded", "pending_review", "request_for_information", "Processing", "approved", "denied", "Cancelled", "Failed"] as const;
