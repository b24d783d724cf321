// The work queue's views: each is a filter over the case's status, assignee and due time. One table, used by the
// list route (`view=`), the counts route and the portal's tabs, so a count always matches the list it opens.
import type { Prisma } from "@/lib/generated/prisma/client";

export const QUEUE_VIEWS = ["open", "needs_review", "unchecked", "mine", "waiting", "overdue", "decided", "all"] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/** Open work: still being read, ready for review, pended for a clinician, or waiting for information. */
export const OPEN_STATUSES = ["Processing", "Succeeded", "pending_review", "request_for_information"] as const;
/** A determination waits for a person to confirm it. */
const NEEDS_REVIEW = ["pending_review"];
/** Read, but no determination: the engine could not check the case (no policy for its drug) or was not asked to. */
const UNCHECKED = "Succeeded";
/** Whether a case is in the "Not checked" view (the list route, the case's reason and "Next case" ask alike). */
export const isUnchecked = (status: string) => status === UNCHECKED;
/** Open cases whose documents are read: they take more documents and are (re)evaluated by the engine. */
export const READ_OPEN_STATUSES: readonly string[] = ["Succeeded", "pending_review", "request_for_information"];
const DECIDED = ["approved", "denied"];

export const QUEUE_VIEW_LABELS: Record<QueueView, string> = {
  open: "Open",
  needs_review: "Needs review",
  unchecked: "Not checked",
  mine: "Mine",
  waiting: "Waiting for information",
  overdue: "Overdue",
  decided: "Decided",
  all: "All",
};

/** The filter of a view; `userId` is the signed-in member (API keys have no "mine": it matches nothing). */
export function queueViewWhere(view: QueueView, opts: { userId: string | null; now: Date }): Prisma.PriorAuthWhereInput {
  switch (view) {
    case "open":
      return { status: { in: [...OPEN_STATUSES] } };
    case "needs_review":
      return { status: { in: NEEDS_REVIEW } };
    case "unchecked":
      return { status: UNCHECKED };
    case "mine":
      return opts.userId ? { status: { in: [...OPEN_STATUSES] }, assigneeId: opts.userId } : { id: { in: [] } };
    case "waiting":
      return { status: "request_for_information" };
    case "overdue":
      return { status: { in: [...OPEN_STATUSES] }, dueAt: { lt: opts.now }, slaPaused: false };
    case "decided":
      return { status: { in: DECIDED } };
    case "all":
      return {};
  }
}
