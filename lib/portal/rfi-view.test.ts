import { describe, expect, it } from "vitest";
import { rfiView, type RfiViewInput } from "./rfi-view";

const notice = {
  outcome: "request_for_information", created_at: "2026-11-20T10:00:00",
  content: {
    requested_information: ["cns-ls score result with its date and unit", "chart notes on prior therapies"],
    reasons: [{ step: 2, text: "Is the CNS-LS score above 13?", finding: "cns-ls score result with its date and unit" }],
    decided_by: "engine", reviewer_note: null,
  },
};
const request = { id: "d1", file_name: "request.pdf", position: 0, created_at: "2026-11-20T09:59:00" };
const answer = { id: "d2", file_name: "scales.pdf", position: 1, created_at: "2026-11-21T08:00:00" };
const other = { id: "d3", file_name: "cover-letter.pdf", position: 2, created_at: "2026-11-21T08:00:01" };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the fields rfiView reads
const check = (outcome: string, documentId: string, createdAt = "2026-11-21T08:01:00"): any => ({
  created_at: createdAt, policy_check: [{ step: 1, outcome: "met", evidence: [{ document_id: "d1", page: 1 }] }, { step: 2, outcome, evidence: outcome === "met" ? [{ document_id: documentId, page: 1 }] : [] }],
});
const input = (over: Partial<RfiViewInput>): RfiViewInput => ({
  notices: [notice], documents: [request], check: check("missing", "d1", "2026-11-20T09:59:30"),
  priorAuth: { status: "request_for_information", waiting_since: "2026-11-20T10:00:00", sla_paused: false }, pauseClockWhileWaiting: false, ...over,
});
const items = (over: Partial<RfiViewInput>) => rfiView(input(over))!.items.map((i) => [i.text, i.step, i.state, i.answeredBy.map((a) => `${a.documentName} p. ${a.page}`)]);

describe("rfiView", () => {
  it("is nothing without a request for information", () => {
    expect(rfiView(input({ notices: [{ ...notice, outcome: "approved" }] }))).toBeNull();
  });

  it.each<[string, Partial<RfiViewInput>, unknown[]]>([
    ["waiting: each item asked for, its criterion when it has one", {}, [
      ["cns-ls score result with its date and unit", 2, "waiting", []], ["chart notes on prior therapies", null, "waiting", []]]],
    ["answered: the item met from the new document, the other for a person to check", { documents: [request, answer], check: check("met", "d2"), priorAuth: { status: "pending_review", waiting_since: null, sla_paused: false } }, [
      ["cns-ls score result with its date and unit", 2, "answered", ["scales.pdf p. 1"]], ["chart notes on prior therapies", null, "check_by_hand", []]]],
    ["answered with the wrong document: still missing", { documents: [request, other], check: check("missing", "d3"), priorAuth: { status: "pending_review", waiting_since: null, sla_paused: false } }, [
      ["cns-ls score result with its date and unit", 2, "still_missing", []], ["chart notes on prior therapies", null, "check_by_hand", []]]],
    ["documents added but not yet checked again", { documents: [request, answer], check: check("missing", "d1", "2026-11-20T09:59:30"), priorAuth: { status: "Succeeded", waiting_since: null, sla_paused: false } }, [
      ["cns-ls score result with its date and unit", 2, "not_checked", []], ["chart notes on prior therapies", null, "not_checked", []]]],
  ])("%s", (_name, over, expected) => {
    expect(items(over)).toEqual(expected);
  });

  it("says how each answer document was matched", () => {
    const view = rfiView(input({ documents: [request, answer, other], check: check("met", "d2"), priorAuth: { status: "pending_review", waiting_since: null, sla_paused: false } }))!;
    expect(view.answers.map((a) => [a.name, a.matchedSteps])).toEqual([["scales.pdf", [2]], ["cover-letter.pdf", []]]);
    expect(view.askedBy).toBe("the engine");
  });

  it.each<[string, Partial<RfiViewInput>, { paused: boolean; text: string; rule: string }]>([
    ["paused under the rule", { priorAuth: { status: "request_for_information", waiting_since: "2026-11-20T10:00:00", sla_paused: true }, pauseClockWhileWaiting: true },
      { paused: true, text: "The decision clock is paused: the case waits for the information since 2026-11-20T10:00:00.", rule: "Workspace rule: the decision clock pauses while a case waits for information; the time waited is added to the due date." }],
    ["running under the rule", {}, { paused: false, text: "The decision clock is running while the case waits for the information since 2026-11-20T10:00:00.", rule: "Workspace rule: the decision clock keeps running while a case waits for information." }],
    ["answered", { priorAuth: { status: "pending_review", waiting_since: null, sla_paused: false }, pauseClockWhileWaiting: null },
      { paused: false, text: "The decision clock is running: the case is no longer waiting for information.", rule: "" }],
  ])("the clock: %s", (_name, over, clock) => {
    expect(rfiView(input(over))!.clock).toEqual(clock);
  });
});
