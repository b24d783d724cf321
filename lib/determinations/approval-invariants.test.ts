import { describe, expect, it } from "vitest";
import { checkApprovalInvariants, failedApprovalInvariants, policyBinding, type InvariantInput, type InvariantStep } from "./approval-invariants";
import { decide, type DecisionInput, type DecisionStep } from "./decide";

const met = (n: number, extra: Partial<InvariantStep> = {}): DecisionStep => ({
  step: n, question_or_action: `Q${n}?`, answer: `A${n}.`, reason: `R${n}.`, passed: true, outcome: "met", evidence: [{ quote: `quote ${n}` }], ...extra,
});
const bound = { bound: true, how: "drug name Januvia" };
const holdsAll: InvariantInput = { steps: [met(1), met(2)], binding: bound, identityConflicts: [] };
const conflict = { field: "birthDate", values: [{ value: "1968-03-14", document: "form.pdf" }, { value: "1986-03-14", document: "claims.pdf" }] };

// Each row breaks exactly one invariant of an otherwise approvable case.
const rows: [string, Partial<InvariantInput>, string][] = [
  ["no criterion evaluated (no steps)", { steps: [] }, "criteria_evaluated"],
  ["no criterion evaluated (only not-needed alternatives)", { steps: [met(1, { notNeeded: true })] }, "criteria_evaluated"],
  ["a met step without evidence", { steps: [met(1), met(2, { evidence: [] })] }, "met_with_evidence"],
  ["a met step with evidence left out", { steps: [met(1), met(2, { evidence: undefined })] }, "met_with_evidence"],
  ["a manual step on the path", { steps: [met(1), met(2, { outcome: "manual", evidence: [] })] }, "no_manual_step"],
  ["a policy not bound to the drug", { binding: { bound: false, how: "requested: Crestor; the policy covers insulin pump" } }, "bound_to_drug"],
  ["an identity conflict", { identityConflicts: [conflict] }, "identity_agrees"],
];

describe("approval invariants", () => {
  it("all hold for a case met with evidence on a bound policy with one identity", () => {
    expect(failedApprovalInvariants(holdsAll)).toEqual([]);
    expect(checkApprovalInvariants(holdsAll).map((r) => r.id)).toEqual(["criteria_evaluated", "met_with_evidence", "no_manual_step", "bound_to_drug", "identity_agrees"]);
  });

  it("a not-needed alternative without evidence is off the satisfied path", () => {
    expect(failedApprovalInvariants({ ...holdsAll, steps: [met(1), met(2, { notNeeded: true, evidence: [] })] })).toEqual([]);
  });

  describe.each(rows)("%s", (_name, change, id) => {
    const input = { ...holdsAll, ...change };
    it(`fails ${id} and only it`, () => {
      expect(failedApprovalInvariants(input).map((f) => f.id)).toEqual([id]);
      expect(failedApprovalInvariants(input)[0].reason).not.toBe("");
    });
    it("pends the determination and names the invariant", () => {
      const d = decide({
        policy: { title: "Formulary", version: 1, section: "sitagliptin", source: "policy_document_url" },
        steps: input.steps as DecisionStep[], claims: [], testClaim: null, history: [], subject: { patient: "Jane Roe", drug: "Januvia", diagnosis: null },
        requireClinicianForAdverse: true, binding: input.binding, identityConflicts: input.identityConflicts,
      } satisfies DecisionInput);
      expect(d.status).toBe("pending_review");
      expect(d.recommendedStatus).toBe("pending_review");
      // A manual step is pended by the decision itself ("A clinician should judge criterion 2"); the others by the invariant.
      if (id === "no_manual_step") expect(d.recommendation).toContain("clinician should judge criterion 2");
      else if (input.steps.length) expect(d.recommendation).toContain(`[${id}]`);
    });
  });

  it("an approval with no evaluated criterion cannot happen, whatever else holds", () => {
    for (const steps of [[], [met(1, { notNeeded: true })]]) {
      const d = decide({ policy: { title: "P", version: null, section: null, source: "library" }, steps, claims: [], testClaim: null, history: [], subject: { patient: null, drug: null, diagnosis: null }, requireClinicianForAdverse: false, binding: bound });
      expect(d.status).not.toBe("approved");
    }
  });

  it("approves when every invariant holds", () => {
    const d = decide({ policy: { title: "P", version: 1, section: null, source: "library" }, steps: holdsAll.steps as DecisionStep[], claims: [], testClaim: null, history: [], subject: { patient: null, drug: null, diagnosis: null }, requireClinicianForAdverse: true, binding: bound });
    expect(d.status).toBe("approved");
  });

  it("an identity conflict is stated in the reasoning of any outcome", () => {
    const d = decide({ policy: { title: "P", version: 1, section: null, source: "library" }, steps: [met(1, { outcome: "missing", evidence: [] })], claims: [], testClaim: null, history: [], subject: { patient: null, drug: null, diagnosis: null }, requireClinicianForAdverse: true, binding: bound, identityConflicts: [conflict] });
    expect(d.status).toBe("request_for_information");
    expect(d.reasoning.some((r) => r.description.includes("date of birth 1968-03-14 (form.pdf) vs 1986-03-14 (claims.pdf)"))).toBe(true);
  });
});

const same = (a: string, b: string) => a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
describe.each([
  ["by NDC", { policyDrugNames: ["CRESTOR"], policyNdcs: ["00310-0752-90"], requested: { names: ["rosuvastatin"], ndcs: ["00310075290"] } }, true],
  ["by name", { policyDrugNames: ["sitagliptin", "JANUVIA"], policyNdcs: [], requested: { names: ["Januvia 100 mg"], ndcs: [] } }, true],
  ["another drug's policy", { policyDrugNames: ["insulin pump"], policyNdcs: [], requested: { names: ["Isturisa"], ndcs: [] } }, false],
  ["a policy naming no drug", { policyDrugNames: [], policyNdcs: [], requested: { names: ["Isturisa"], ndcs: [] } }, false],
  ["a request naming no drug", { policyDrugNames: ["Isturisa"], policyNdcs: [], requested: { names: [], ndcs: [] } }, false],
] as const)("policyBinding %s", (_name, opts, expected) => {
  it(`is ${expected ? "bound" : "not bound"}`, () => {
    const b = policyBinding({ ...opts, policyDrugNames: [...opts.policyDrugNames], policyNdcs: [...opts.policyNdcs], requested: { names: [...opts.requested.names], ndcs: [...opts.requested.ndcs] }, sameDrug: same });
    expect(b.bound).toBe(expected);
    expect(b.how).not.toBe("");
  });
});
