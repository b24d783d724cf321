import { describe, expect, it } from "vitest";
import { caseState, type CaseStateInput } from "./case-state";

const RULE = "every criterion of the requested drug's policy met with cited evidence, none for clinician judgement, one patient identity";
const base: CaseStateInput["priorAuth"] = {
  status: "Succeeded", intake_status: "Succeeded", decided_at: null, decided_by: null, engine_recommendation: null, unchecked_reason: null,
  waiting_since: null, received_at: "2026-11-20T10:00:00", created_at: "2026-11-20T10:00:00",
};
const step = (n: number, outcome: "met" | "not_met" | "missing" | "manual", extra: Record<string, unknown> = {}) => ({
  step: n, outcome, question_or_action: `Criterion ${n}?`, answer: `answer ${n}`, reason: `reason ${n}`, passed: outcome === "met", evidence: [], ...extra,
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the fields caseState reads
const check = (steps: ReturnType<typeof step>[], overall = "met"): any => ({ summary: { overall }, policy_check: steps });
const determination = (status: string, recommended: string, automatic = false) => ({
  status, recommended_status: recommended, approved_automatically: automatic ? { rule: RULE } : null, generated_at: "2026-11-20T10:05:00",
}) as CaseStateInput["determination"];
const review = (id: string, decision: "approved" | "denied" | "request_for_information", at: string, extra: Record<string, unknown> = {}) => ({
  id, decision, reviewer: "nurse@acme.test", note: `note ${id}`, created_at: at, engine_recommendation: "denied", amendment_reason: null, ...extra,
});

/** What the four parts of the screen say: header word, stepper's last stage, main action, newest history entry. */
function shown(input: CaseStateInput) {
  const s = caseState(input);
  const last = s.stages[s.stages.length - 1];
  return { status: s.statusLabel, stage: `${last.label}: ${last.detail}`, action: s.mainAction.label, history: s.history.map((h) => `${h.decision} by ${h.by}`), recommendation: s.recommendation?.text ?? null };
}

describe("caseState: header, stepper, main action and history agree", () => {
  it.each<[string, CaseStateInput, ReturnType<typeof shown>]>([
    ["the engine approved under the workspace's rule", {
      priorAuth: { ...base, status: "approved", decided_at: "2026-11-20T10:05:01", decided_by: "engine", engine_recommendation: "approved" },
      check: check([step(1, "met")]), determination: determination("approved", "approved", true), reviews: [], identityConflicts: [],
    }, { status: "Approved", stage: "Decided: Approved by the engine", action: "Change the decision", history: ["approved by The engine"], recommendation: null }],
    ["a reviewer approved a pended case", {
      priorAuth: { ...base, status: "approved", decided_at: "2026-11-20T11:00:00", decided_by: "nurse@acme.test", engine_recommendation: "denied" },
      check: check([step(1, "not_met")], "not_met"), determination: determination("pending_review", "denied"), reviews: [review("r1", "approved", "2026-11-20T11:00:00")], identityConflicts: [],
    }, { status: "Approved", stage: "Decided: Approved by nurse@acme.test", action: "Change the decision", history: ["approved by nurse@acme.test"], recommendation: null }],
    ["a reviewer changed the engine's approval: both in the history, the reviewer's first", {
      priorAuth: { ...base, status: "denied", decided_at: "2026-11-20T12:00:00", decided_by: "nurse@acme.test", engine_recommendation: "approved" },
      check: check([step(1, "met")]), determination: determination("approved", "approved", true), reviews: [review("r2", "denied", "2026-11-20T12:00:00")], identityConflicts: [],
    }, { status: "Denied", stage: "Decided: Denied by nurse@acme.test", action: "Change the decision", history: ["denied by nurse@acme.test", "approved by The engine"], recommendation: null }],
    ["pended: the engine's denial is a recommendation", {
      priorAuth: { ...base, status: "pending_review", engine_recommendation: "denied" },
      check: check([step(1, "not_met"), step(2, "met")], "not_met"), determination: determination("pending_review", "denied"), reviews: [], identityConflicts: [],
    }, { status: "Pending review", stage: "Decision: Waiting for a reviewer", action: "Decide", history: [], recommendation: "The engine recommends denial" }],
    ["waiting for information", {
      priorAuth: { ...base, status: "request_for_information", waiting_since: "2026-11-20T10:05:01", engine_recommendation: "request_for_information" },
      check: check([step(1, "missing")], "missing"), determination: determination("request_for_information", "request_for_information"), reviews: [], identityConflicts: [],
    }, { status: "Info requested", stage: "Decision: Waiting for information", action: "Decide", history: [], recommendation: "The engine recommends a request for information" }],
    ["ready, nothing run yet", { priorAuth: base, check: null, determination: null, reviews: [], identityConflicts: [] },
      { status: "Ready for review", stage: "Decision: Waiting for a reviewer", action: "Decide", history: [], recommendation: null }],
    ["cancelled", { priorAuth: { ...base, status: "Cancelled" }, check: null, determination: null, reviews: [], identityConflicts: [] },
      { status: "Cancelled", stage: "Decision: Cancelled", action: "", history: [], recommendation: null }],
    ["still reading", { priorAuth: { ...base, status: "Processing", intake_status: "Processing" }, check: null, determination: null, reviews: [], identityConflicts: [] },
      { status: "Processing", stage: "Decision: After reading", action: "", history: [], recommendation: null }],
  ])("%s", (_name, input, expected) => {
    expect(shown(input)).toEqual(expected);
  });

  it("an engine approval says the rule that allowed it, in the standing line and the history", () => {
    const s = caseState({
      priorAuth: { ...base, status: "approved", decided_at: "2026-11-20T10:05:01", decided_by: "engine" },
      check: check([step(1, "met")]), determination: determination("approved", "approved", true), reviews: [], identityConflicts: [],
    });
    expect(s.decider).toEqual({ kind: "engine", rule: RULE });
    expect(s.standing).toBe(`Approved by the engine on 2026-11-20T10:05:01, under the workspace's rule “Engine approvals are final”: ${RULE}.`);
    expect(s.history[0]).toMatchObject({ by: "The engine", rule: RULE, at: "2026-11-20T10:05:01" });
    expect(s.stages.map((x) => x.state)).toEqual(["done", "done", "done", "done", "done"]);
  });

  it("a pended case leads with its reasons: identity conflicts first, then each unmet, missing or unread criterion", () => {
    const s = caseState({
      priorAuth: { ...base, status: "pending_review" },
      check: check([
        step(1, "met"), step(2, "not_met"), step(3, "missing", { missing_information: "the CNS-LS score with its date" }), step(4, "manual"),
        step(5, "not_met", { unmet_alternative: true }), step(6, "missing", { not_needed: true }),
      ], "not_met"),
      determination: determination("pending_review", "denied"), reviews: [], identityConflicts: ["The documents name Jane Doe and John Doe."],
    });
    expect(s.pendReasons.map((r) => [r.kind, r.step, r.detail])).toEqual([
      ["identity", null, null], ["not_met", 2, "reason 2"], ["missing", 3, "the CNS-LS score with its date"], ["manual", 4, "reason 4"],
    ]);
    expect(s.standing).toBe("Pending review: 4 reasons need a person.");
  });

  it("a case the engine pended because its notice would name an unread patient leads with that", () => {
    const unread = { field: "patient_name" as const, message: "The patient's name was not read from the documents: correct the patient name first." };
    const s = caseState({
      priorAuth: { ...base, status: "pending_review", engine_recommendation: "approved" },
      check: check([step(1, "met")]), determination: { ...determination("pending_review", "approved"), unverified_facts: [unread] } as CaseStateInput["determination"], reviews: [], identityConflicts: [],
    });
    expect(s.pendReasons).toEqual([{ kind: "unread", step: null, text: unread.message, detail: null }]);
    expect(s.standing).toBe("Pending review: 1 reason needs a person.");
    expect(s.recommendation?.text).toBe("The engine recommends approval");
  });

  it("no pend reasons once decided", () => {
    const s = caseState({ priorAuth: { ...base, status: "denied", decided_by: "nurse@acme.test", decided_at: "2026-11-20T11:00:00" }, check: check([step(1, "not_met")], "not_met"), determination: determination("pending_review", "denied"), reviews: [review("r1", "denied", "2026-11-20T11:00:00")], identityConflicts: [] });
    expect(s.pendReasons).toEqual([]);
    expect(s.history[0].recommendation).toBe("the engine recommended denial");
  });
});
