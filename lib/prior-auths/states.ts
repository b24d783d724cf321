import { InvalidTransition } from "@/lib/errors/domain-errors";

// The one place where transitions are decided. `status` starts as the processing state and later carries the
// determination's outcome (approved, denied, pending_review, request_for_information), as the spec's sample shows.
export type ProcessingState = "Processing" | "Succeeded" | "Failed" | "Cancelled";
export type DeterminationState = "approved" | "denied" | "pending_review" | "request_for_information";
export type CaseStatus = ProcessingState | DeterminationState;

const TRANSITIONS: Record<string, readonly string[]> = {
  Processing: ["Succeeded", "Failed", "Cancelled"],
  Succeeded: ["approved", "denied", "pending_review", "request_for_information", "Processing", "Cancelled"],
  Failed: [],
  Cancelled: [],
  pending_review: ["approved", "denied", "request_for_information", "pending_review", "Cancelled", "Processing"],
  request_for_information: ["approved", "denied", "pending_review", "request_for_information", "Succeeded", "Cancelled", "Processing"],
  approved: ["approved", "denied", "pending_review", "request_for_information"],
  denied: ["approved", "denied", "pending_review", "request_for_information"],
};

/**
 * What only the submitter's own change of its request may do to a decided case (a PAS Claim Update, X12 278): a
 * changed or added item re-opens it (read again, then the engine and a reviewer decide anew), and cancelling it
 * withdraws the certification. The payer's own cancel (POST /cancel) still withdraws open cases only.
 */
const SUBMITTER_TRANSITIONS: Record<string, readonly string[]> = {
  approved: ["Processing", "Cancelled"],
  denied: ["Processing", "Cancelled"],
};

export type TransitionOptions = { bySubmitter?: boolean };

export function canTransition(from: string, to: string, opts: TransitionOptions = {}): boolean {
  return (TRANSITIONS[from]?.includes(to) ?? false) || Boolean(opts.bySubmitter && SUBMITTER_TRANSITIONS[from]?.includes(to));
}

/** Throws InvalidTransition, with a readable message, for a transition the lifecycle does not allow. */
export function assertTransition(from: string, to: string, what = "the prior authorization", opts: TransitionOptions = {}): void {
  if (!canTransition(from, to, opts)) throw new InvalidTransition(from, to, what);
}

export const isFinalProcessingState = (status: string) => status !== "Processing";
