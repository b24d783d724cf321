import { describe, expect, it } from "vitest";
import { pasAnswerFor, type CaseState } from "@/lib/pas/pas-answer";

const NOW = new Date("2026-11-27T10:00:00Z");
const DECIDED = new Date("2026-11-27T09:59:00Z");
const state = (over: Partial<CaseState>): CaseState => ({ id: "case-1", status: "Processing", decidedAt: null, failureReason: null, uncheckedReason: null, statusReason: null, decidedBy: null, ...over });

describe("pasAnswerFor", () => {
  it.each([
    ["a final approval", state({ status: "approved", decidedAt: DECIDED }), "A1"],
    ["an approval not yet final (a recommendation)", state({ status: "approved" }), "A4"],
    ["a clinician's final denial", state({ status: "denied", decidedAt: DECIDED, decidedBy: "nurse@example.org", statusReason: "step therapy not met" }), "A3"],
    ["a denial the engine finalised (a workspace without the clinician rule)", state({ status: "denied", decidedAt: DECIDED, decidedBy: "engine" }), "A4"],
    ["an engine's adverse recommendation, pended", state({ status: "pending_review" }), "A4"],
    ["a request for information", state({ status: "request_for_information" }), "A4"],
    ["a case still being read", state({ status: "Processing" }), "A4"],
    ["a read case not checked (no policy)", state({ status: "Succeeded", uncheckedReason: "no policy in the library for this drug" }), "A4"],
    ["a case that could not be read", state({ status: "Failed", failureReason: "the PDF is encrypted" }), "A4"],
    ["a case withdrawn (every item cancelled by the submitter)", state({ status: "Cancelled", statusReason: "every item cancelled" }), "C"],
  ])("%s answers %s", (_, caseState, action) => {
    expect(pasAnswerFor(caseState, NOW).action).toBe(action);
  });

  it("a certification carries the case as its number; nothing else does", () => {
    expect(pasAnswerFor(state({ status: "approved", decidedAt: DECIDED }), NOW)).toMatchObject({ authorizationNumber: "case-1", issued: DECIDED.toISOString() });
    expect(pasAnswerFor(state({ status: "pending_review" }), NOW).authorizationNumber).toBeUndefined();
  });

  it("says why a case is pended", () => {
    expect(pasAnswerFor(state({ status: "Failed", failureReason: "the PDF is encrypted" }), NOW).notes).toEqual(["Pended for manual review: the request could not be read automatically (the PDF is encrypted)."]);
    expect(pasAnswerFor(state({ status: "Succeeded", uncheckedReason: "no policy in the library for this drug" }), NOW).notes).toEqual(["Pended for manual review: no policy in the library for this drug"]);
  });
});
