import { describe, expect, it } from "vitest";
import { UnreadableRecord } from "@/lib/stored-record";
import { readDeterminationBody } from "./determination-record";

// The body as lib/determinations/run-determination.ts stores it.
const body = {
  status: "pending_review", recommended_status: "denied",
  reasoning: [{ step: 1, description: "No metformin trial", source: "Policy: Januvia (version 2), sitagliptin" }],
  recommendation: "Deny: step therapy not met", references: ["Policy: Januvia (version 2)"], summary: "Step therapy not met", missing_information: [],
  approved_automatically: null,
  policy: { id: "8b0e4a4e-3f57-4b6e-9a53-3f0f0d1f6a01", version: 2, title: "Januvia", source: "library", section: "sitagliptin JANUVIA" },
  policy_check_id: "0d5f3a52-8c1e-4a7e-b6d2-9e6f1c2b3a44", engine_version: "determination-c350f4e06d7e+policy-check-a8916caaf67b",
  inputs_digest: "a".repeat(64), content_digest: "b".repeat(64),
};

describe("a stored determination", () => {
  it("a body as stored today reads back as stored", () => {
    expect(readDeterminationBody(body, "det1")).toEqual(body);
  });

  it("a body stored before automatic approvals existed reads as it is (immutable: nothing added), unnamed keys kept", () => {
    const { approved_automatically: _, ...older } = body;
    void _;
    const read = readDeterminationBody({ ...older, reviewer_hint: "x" }, "det1");
    expect(read).toEqual({ ...older, reviewer_hint: "x" });
    expect("approved_automatically" in read).toBe(false);
  });

  it("a body of another shape is reported, not cast", () => {
    expect(() => readDeterminationBody({ ...body, reasoning: "none" }, "det1")).toThrow(UnreadableRecord);
    expect(() => readDeterminationBody({ ...body, status: "approve" }, "det1")).toThrow(/^Determination det1 cannot be read: it was written by an older engine \(status: .*request a new determination of the case\.$/);
  });
});
