import { describe, expect, it } from "vitest";
import { decide, type DecisionInput, type DecisionStep } from "./decide";

const step = (n: number, outcome: DecisionStep["outcome"], extra: Partial<DecisionStep> = {}): DecisionStep => ({
  step: n,
  question_or_action: `Question ${n}?`,
  answer: `Answer ${n}.`,
  reason: `Reason ${n}.`,
  passed: outcome === "met",
  outcome,
  evidence: outcome === "met" ? [{ quote: `evidence ${n}` }] : [],
  ...extra,
});

const base = (steps: DecisionStep[], over: Partial<DecisionInput> = {}): DecisionInput => ({
  policy: { title: "Epidiolex Policy", version: 2, section: "Lennox-Gastaut syndrome, initial therapy", source: "library" },
  steps,
  claims: [],
  testClaim: null,
  history: [],
  subject: { patient: "Jane Doe", drug: "Epidiolex", diagnosis: "G40.811" },
  requireClinicianForAdverse: true,
  binding: { bound: true, how: "drug name Epidiolex" },
  ...over,
});

describe("decide", () => {
  it("approves when every criterion is met, citing the policy version", () => {
    const d = decide(base([step(1, "met"), step(2, "met")]));
    expect(d.status).toBe("approved");
    expect(d.recommendedStatus).toBe("approved");
    expect(d.reasoning.map((r) => r.step)).toEqual([1, 2, 3]);
    expect(d.reasoning[0].source).toBe("Policy: Epidiolex Policy (version 2), Lennox-Gastaut syndrome, initial therapy");
    // The engine's own approval is labelled, with the rule that allowed it.
    expect(d.reasoning[2]).toMatchObject({ source: "Approval safety checks", description: expect.stringMatching(/^Approved automatically: every criterion/) });
    expect(d.automaticApproval).toEqual({ rule: expect.stringContaining("cited evidence") });
    expect(d.references).toEqual(["Policy: Epidiolex Policy (version 2), Lennox-Gastaut syndrome, initial therapy", "Approval safety checks"]);
    expect(d.summary).toContain("2 of 2 criteria met");
  });

  it("a workspace that reviews every outcome pends the engine's approval, recommending it", () => {
    const d = decide(base([step(1, "met"), step(2, "met")], { engineApprovalsFinal: false }));
    expect(d.status).toBe("pending_review");
    expect(d.recommendedStatus).toBe("approved");
    expect(d.automaticApproval).toBeNull();
    expect(d.recommendation).toMatch(/a reviewer confirm every outcome/);
  });

  it("an approval whose notice would name an unread patient or drug is pended for a person, recommending approval", () => {
    const unread = [{ field: "patient_name", message: "The patient's name was not read from the documents: correct the patient name first." }];
    const d = decide(base([step(1, "met"), step(2, "met")], { unverifiedNoticeFacts: unread }));
    expect(d.status).toBe("pending_review");
    expect(d.recommendedStatus).toBe("approved");
    expect(d.automaticApproval).toBeNull();
    expect(d.reasoning.at(-1)).toEqual({ step: 3, source: "Approval safety checks", description: `Notice held: ${unread[0].message}` });
    expect(d.recommendation).toMatch(/cannot be issued while the patient's name is unread\.$/);
    // A denial is not issued by the engine: nothing to hold.
    expect(decide(base([step(1, "not_met")], { unverifiedNoticeFacts: unread })).reasoning.some((r) => r.description.startsWith("Notice held"))).toBe(false);
  });

  it("never auto-denies by default: a failed criterion is recommended for denial and pended", () => {
    const d = decide(base([step(1, "met"), step(2, "not_met", { reason: "Only one antiseizure drug was tried." })]));
    expect(d.recommendedStatus).toBe("denied");
    expect(d.status).toBe("pending_review");
    expect(d.recommendation).toContain("criterion 2");
    expect(d.recommendation).toContain("Only one antiseizure drug was tried.");
    expect(d.recommendation).toContain("Pended for clinician review");
  });

  it("denies on its own only when the workspace allows it", () => {
    const d = decide(base([step(1, "not_met")], { requireClinicianForAdverse: false }));
    expect(d.status).toBe("denied");
  });

  it("requests exactly the missing information", () => {
    const d = decide(base([step(1, "met"), step(2, "missing", { missingInformation: "Chart notes documenting a trial of clobazam" }), step(3, "missing")]));
    expect(d.status).toBe("request_for_information");
    expect(d.missingInformation).toEqual(["Chart notes documenting a trial of clobazam", "Reason 3."]);
    expect(d.recommendation).toContain("(1) Chart notes documenting a trial of clobazam");
    expect(d.recommendation).toContain("(2) Reason 3.");
  });

  it("asks for the alternatives of an open ONE-of requirement as alternatives, and never for an alternative that is not met", () => {
    const d = decide(
      base([
        step(1, "met"),
        step(2, "missing", { missingInformation: "Documentation of minimal residual disease", openAlternative: { group: "3", branch: 0 } }),
        step(3, "missing", { closedAlternative: true, reason: "The case documents Ph+ disease, not Ph-." }),
        step(4, "missing", { missingInformation: "The outcome of a second-generation TKI", openAlternative: { group: "3", branch: 1 } }),
        step(5, "missing", { missingInformation: "The date of the relapse", openAlternative: { group: "3", branch: 1 } }),
        step(6, "missing", { missingInformation: "A current weight" }),
      ]),
    );
    expect(d.status).toBe("request_for_information");
    expect(d.missingInformation).toEqual([
      "Either: Documentation of minimal residual disease; or: The outcome of a second-generation TKI and The date of the relapse",
      "A current weight",
    ]);
    expect(d.recommendation).not.toContain("Ph-");
    expect(d.reasoning[2].description).toMatch(/^Criterion 3 not met as an alternative/);
    expect(d.summary).toContain("1 unmet alternative");
  });

  it("a failed criterion outweighs missing evidence; manual criteria go to a clinician", () => {
    expect(decide(base([step(1, "missing"), step(2, "not_met")])).recommendedStatus).toBe("denied");
    expect(decide(base([step(1, "met"), step(2, "manual")])).status).toBe("pending_review");
    expect(decide(base([])).status).toBe("pending_review");
  });

  it("cites claim history, the test claim and earlier prior authorizations as sources", () => {
    const d = decide(
      base([step(1, "met")], {
        claims: [
          { claim_id: "c1", date: "2024-01-01", type: "pharmacy", status: "paid", drug_name: "clobazam" },
          { claim_id: "c2", date: "2024-02-01", type: "pharmacy", status: "denied", drug_name: "rufinamide" },
        ],
        testClaim: { claim_id: "t1", date: "2024-03-01", status: "approved", expected_coverage: true },
        history: [{ caseId: "old-1", status: "approved", receivedAt: "2023-05-01T00:00:00.000" }],
      }),
    );
    const sources = d.reasoning.map((r) => r.source);
    expect(sources).toContain("Claim history");
    expect(sources).toContain("Claim history (test claim)");
    expect(sources).toContain("Prior authorization history");
    expect(d.reasoning.find((r) => r.source === "Claim history")!.description).toContain("1 denied or pending claim not counted as trials");
    expect(d.references).toEqual([expect.stringContaining("Policy:"), "Claim history", "Prior authorization history", "Approval safety checks"]);
  });

  it("is deterministic: the same input gives the same output", () => {
    const input = base([step(1, "met"), step(2, "missing")]);
    expect(JSON.stringify(decide(input))).toBe(JSON.stringify(decide(structuredClone(input))));
  });
});
