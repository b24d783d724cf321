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

export function canTransition(from: string, to: string): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

/** Throws InvalidTransition, with a readable message, for a transition the lifecycle does not allow. */
export function assertTransition(from: string, to: string, what = "the prior authorization"): void {
  if (!canTransition(from, to)) throw new InvalidTransition(from, to, what);
}

export const isFinalProcessingState = (status: string) => status !== "Processing";
