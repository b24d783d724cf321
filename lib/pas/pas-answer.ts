// What a PAS answer says of a case, from its state: certified (A1) only when the decision is final and an approval,
// not certified (A3) only when a clinician's denial is final (the engine never finalises one), cancelled (C) when the
// case was withdrawn, pended (A4) for everything else, with the reason in words. Pure.
import type { PasAnswer } from "@/lib/fhir/pas/build-pas-response";
import type { ItemModification } from "@/lib/fhir/pas/item-modifications";

export interface CaseState {
  id: string;
  status: string;
  decidedAt: Date | null;
  failureReason: string | null;
  uncheckedReason: string | null;
  statusReason: string | null;
  /** "engine" for the engine's own final decision, else the reviewer. */
  decidedBy: string | null;
}

export function pasAnswerFor(state: CaseState, now: Date): PasAnswer {
  const base = { priorAuthId: state.id, issued: (state.decidedAt ?? now).toISOString() };
  if (state.status === "approved" && state.decidedAt) {
    return { ...base, action: "A1", authorizationNumber: state.id, notes: ["Approved: the request meets the policy's criteria."] };
  }
  if (state.status === "Cancelled") {
    return { ...base, issued: now.toISOString(), action: "C", notes: [`Cancelled${state.statusReason ? `: ${state.statusReason}` : "."}`] };
  }
  if (state.status === "denied" && state.decidedAt && state.decidedBy !== "engine") {
    return { ...base, action: "A3", notes: [`Not certified after clinical review${state.statusReason ? `: ${state.statusReason}` : "."}`] };
  }
  return { ...base, issued: now.toISOString(), action: "A4", notes: [pendedBecause(state)] };
}

function pendedBecause(state: CaseState): string {
  switch (state.status) {
    case "Processing":
      return "Pended: the request is being read; the answer will follow (subscribe to the PAS topic, or inquire).";
    case "Failed":
      return `Pended for manual review: the request could not be read automatically (${state.failureReason ?? "reason not recorded"}).`;
    case "request_for_information":
      return "Pended: more information is needed to decide; the payer's reviewer will say what to send.";
    case "pending_review":
    case "approved":
    case "denied":
      return "Pended for review by a clinician.";
    default:
      return state.uncheckedReason ? `Pended for manual review: ${state.uncheckedReason}` : "Pended: the request is under review; the answer will follow.";
  }
}

/** An approval whose reviewer modified items: those are answered A6 with what is certified, said in a note too. */
export function withModifications(answer: PasAnswer, modifications: readonly ItemModification[]): PasAnswer {
  if (answer.action !== "A1" || !modifications.length) return answer;
  const said = modifications.map((m) => `item ${m.item_sequence}: ${[m.quantity !== undefined ? `quantity ${m.quantity}` : null, m.period ? `${m.period.start} to ${m.period.end}` : null].filter(Boolean).join(", ")}`);
  return { ...answer, modifiedItems: [...modifications], notes: [...answer.notes, `Certified with modification (A6): ${said.join("; ")}.`] };
}
