// When the engine may approve without a person: the safety invariants of a determination, in one place. An approval
// stands only when every one of them holds; otherwise the case is pended and the failed invariants are named.
//  (i)   at least one criterion was evaluated;
//  (ii)  every criterion on the satisfied path is met with cited evidence;
//  (iii) no criterion on it is manual or unreadable;
//  (iv)  the policy (section) is bound to the requested drug;
//  (v)   the patient's identity (name, date of birth, sex) agrees across the case's documents.
// Pure.

export type InvariantId = "criteria_evaluated" | "met_with_evidence" | "no_manual_step" | "bound_to_drug" | "identity_agrees";

/** What the invariants read of a policy check step (lib/policies' PolicyCheckStep has these fields and more). */
export interface InvariantStep {
  step: number;
  outcome: "met" | "not_met" | "missing" | "manual";
  /** Met only because another alternative of its ONE-of group is: not on the satisfied path. */
  notNeeded?: boolean;
  evidence?: readonly unknown[];
}

/** Whether the policy the steps came from is bound to the requested drug, and how that was established. */
export interface PolicyBinding {
  bound: boolean;
  /** "NDC 00006-0277-31", "drug name Januvia", or why not. */
  how: string;
}

/** An identity conflict of the intake (lib/intake/identity-conflicts.ts), as much as the decision needs. */
export interface IdentityConflictLike {
  field: string;
  values: { value: string; document: string }[];
}

export interface InvariantInput {
  steps: readonly InvariantStep[];
  binding: PolicyBinding;
  identityConflicts: readonly IdentityConflictLike[];
}

export interface InvariantResult {
  id: InvariantId;
  holds: boolean;
  /** Why it failed, in a reviewer's words (empty when it holds). */
  reason: string;
}

const FIELD_WORDS: Record<string, string> = { name: "name", birthDate: "date of birth", gender: "sex" };

const listSteps = (steps: readonly InvariantStep[]) => `${steps.length === 1 ? "criterion" : "criteria"} ${steps.map((s) => s.step).join(", ")}`;

/** "the patient's identity differs between documents: date of birth 1968-03-14 (form.pdf) vs 1968-03-41 (note.pdf)" */
export function describeIdentityConflicts(conflicts: readonly IdentityConflictLike[]): string {
  return `the patient's identity differs between documents: ${conflicts.map((c) => `${FIELD_WORDS[c.field] ?? c.field} ${c.values.map((v) => `${v.value} (${v.document})`).join(" vs ")}`).join("; ")}`;
}

/** Every invariant with whether it holds, in the order above. */
export function checkApprovalInvariants(input: InvariantInput): InvariantResult[] {
  const path = input.steps.filter((s) => !s.notNeeded);
  const met = path.filter((s) => s.outcome === "met");
  const withoutEvidence = path.filter((s) => s.outcome === "met" && !(s.evidence ?? []).length);
  const notMet = path.filter((s) => s.outcome === "not_met" || s.outcome === "missing");
  const manual = path.filter((s) => s.outcome === "manual");
  const conflicts = input.identityConflicts;
  return [
    { id: "criteria_evaluated", holds: met.length > 0, reason: met.length ? "" : "no criterion of the policy was evaluated as met for this request" },
    {
      id: "met_with_evidence",
      holds: !withoutEvidence.length && !notMet.length,
      reason: [
        withoutEvidence.length ? `${listSteps(withoutEvidence)} ${withoutEvidence.length === 1 ? "is" : "are"} met without cited evidence` : "",
        notMet.length ? `${listSteps(notMet)} ${notMet.length === 1 ? "is" : "are"} not met with evidence` : "",
      ].filter(Boolean).join("; "),
    },
    { id: "no_manual_step", holds: !manual.length, reason: manual.length ? `${listSteps(manual)} ${manual.length === 1 ? "needs" : "need"} a clinician's judgement (manual or unreadable)` : "" },
    { id: "bound_to_drug", holds: input.binding.bound, reason: input.binding.bound ? "" : `the policy is not bound to the requested drug (${input.binding.how})` },
    {
      id: "identity_agrees",
      holds: !conflicts.length,
      reason: conflicts.length ? describeIdentityConflicts(conflicts) : "",
    },
  ];
}

/** The invariants that fail; an approval without a person is allowed only when this is empty. */
export function failedApprovalInvariants(input: InvariantInput): InvariantResult[] {
  return checkApprovalInvariants(input).filter((r) => !r.holds);
}

/** Whether the policy is bound to the requested drug: by NDC first, then by name (brand or generic). */
export function policyBinding(opts: {
  policyDrugNames: readonly string[];
  policyNdcs: readonly string[];
  requested: { names: readonly string[]; ndcs: readonly string[] };
  sameDrug: (a: string, b: string) => boolean;
  /** A library policy chosen by the case's codes or names (select-policy): bound by that selection. */
  selectedBy?: string | null;
}): PolicyBinding {
  if (opts.selectedBy) return { bound: true, how: opts.selectedBy };
  const digits = (s: string) => s.replace(/\D/g, "");
  const ndc = opts.requested.ndcs.find((n) => opts.policyNdcs.some((p) => digits(p) === digits(n)));
  if (ndc) return { bound: true, how: `NDC ${ndc}` };
  for (const name of opts.requested.names) {
    const covered = opts.policyDrugNames.find((d) => opts.sameDrug(name, d));
    if (covered) return { bound: true, how: `drug name ${name} (the policy covers ${covered})` };
  }
  const requested = opts.requested.names.length ? opts.requested.names.join(", ") : "no drug named by the request";
  const covered = opts.policyDrugNames.length ? opts.policyDrugNames.join(", ") : "no drug named";
  return { bound: false, how: `requested: ${requested}; the policy covers ${covered}` };
}
