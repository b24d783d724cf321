import { describe, expect, it } from "vitest";
import { Conflict } from "@/lib/errors/domain-errors";
import { planReview, standingDecision, type PastReview } from "./decision-rule";

const review = (over: Partial<PastReview> = {}): PastReview => ({
  id: "r1", decision: "approved", reviewer: "ana@plan.test", determinationId: "d1", sequence: 1, createdAt: new Date("2026-11-27T10:00:00Z"), ...over,
});

function refusal(run: () => unknown): Conflict {
  try {
    run();
  } catch (error) {
    if (error instanceof Conflict) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the standing decision", () => {
  it("a final decision stands while the case is where it put it, even after a newer determination", () => {
    expect(standingDecision({ status: "approved", latestReview: review(), latestDeterminationId: "d2" })?.id).toBe("r1");
    expect(standingDecision({ status: "denied", latestReview: review(), latestDeterminationId: "d1" })).toBeNull();
  });

  it("a request for information stands until the case moves on: read again, or a newer determination", () => {
    const asked = review({ decision: "request_for_information" });
    expect(standingDecision({ status: "request_for_information", latestReview: asked, latestDeterminationId: "d1" })?.id).toBe("r1");
    expect(standingDecision({ status: "Succeeded", latestReview: asked, latestDeterminationId: "d1" })).toBeNull();
    expect(standingDecision({ status: "request_for_information", latestReview: asked, latestDeterminationId: "d2" })).toBeNull();
    const withoutDetermination = review({ decision: "request_for_information", determinationId: null });
    expect(standingDecision({ status: "request_for_information", latestReview: withoutDetermination, latestDeterminationId: null })?.id).toBe("r1");
  });

  it("no review, nothing stands", () => {
    expect(standingDecision({ status: "pending_review", latestReview: null, latestDeterminationId: "d1" })).toBeNull();
  });
});

describe("planning a review", () => {
  it("a first decision is a decision; a repeat is a Conflict naming the decision that exists", () => {
    expect(planReview({ decision: "approved", amendment: false, standing: null })).toEqual({ kind: "decision" });
    const error = refusal(() => planReview({ decision: "request_for_information", amendment: false, standing: review() }));
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("already decided: approved by ana@plan.test at 2026-11-27T10:00:00.000000 (review r1, determination d1)");
    expect(error.message).toContain('"amendment"');
  });

  it("an amendment changes a standing decision; the same decision or nothing to amend is 409", () => {
    const standing = review();
    expect(planReview({ decision: "denied", amendment: true, standing })).toEqual({ kind: "amendment", amends: standing });
    expect(refusal(() => planReview({ decision: "approved", amendment: true, standing })).message).toContain("must change the decision");
    expect(refusal(() => planReview({ decision: "denied", amendment: true, standing: null })).message).toContain("no standing decision");
  });
});
