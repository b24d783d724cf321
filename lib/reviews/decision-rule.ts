// Whether a review is a case's decision, an amendment of it, or a repeat to refuse. Pure: the database's unique
// (priorAuthId, sequence) makes the answer hold when several reviews arrive at once (record-review.ts).
import { Conflict } from "@/lib/errors/domain-errors";
import { formatTimestamp } from "@/lib/time";

export interface PastReview {
  id: string;
  decision: string;
  reviewer: string;
  determinationId: string | null;
  sequence: number;
  createdAt: Date;
}

const FINAL = new Set(["approved", "denied"]);

/**
 * The decision that stands on the case: its latest review, while the case is still where that review put it. A final
 * decision stands until it is amended; a request for information stands until the case moves on (documents or
 * supporting information read again, or a newer determination), after which a new decision is due.
 */
export function standingDecision<R extends PastReview>(opts: { status: string; latestReview: R | null; latestDeterminationId: string | null }): R | null {
  const r = opts.latestReview;
  if (!r || opts.status !== r.decision) return null;
  if (FINAL.has(r.decision)) return r;
  return r.determinationId === opts.latestDeterminationId ? r : null;
}

/** What a refused repeat says: the decision that exists, who made it, when, and how to change it. */
export function alreadyDecidedMessage(r: PastReview): string {
  return (
    `This case was already decided: ${r.decision} by ${r.reviewer} at ${formatTimestamp(r.createdAt)} (review ${r.id}` +
    `${r.determinationId ? `, determination ${r.determinationId}` : ""}). ` +
    `A different decision is an amendment: send "amendment": {"reason": "..."} with it.`
  );
}

export type ReviewPlan<R extends PastReview> = { kind: "decision" } | { kind: "amendment"; amends: R };

/**
 * One decision per determination: a review on a case whose decision stands is refused (Conflict) unless it is an explicit
 * amendment that changes the decision; an amendment needs a standing decision to change.
 */
export function planReview<R extends PastReview>(opts: { decision: string; amendment: boolean; standing: R | null }): ReviewPlan<R> {
  const { standing } = opts;
  if (!opts.amendment) {
    if (standing) throw new Conflict(alreadyDecidedMessage(standing));
    return { kind: "decision" };
  }
  if (!standing) throw new Conflict('This case has no standing decision to amend: record the decision without "amendment".');
  if (standing.decision === opts.decision) {
    throw new Conflict(`This case is already ${standing.decision} (review ${standing.id} by ${standing.reviewer}): an amendment must change the decision.`);
  }
  return { kind: "amendment", amends: standing };
}
