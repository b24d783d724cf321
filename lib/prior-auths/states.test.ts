import { describe, expect, it } from "vitest";
import { assertTransition, canTransition } from "./states";

describe("prior authorization states", () => {
  it("processing ends in exactly one of the processing outcomes", () => {
    expect(canTransition("Processing", "Succeeded")).toBe(true);
    expect(canTransition("Processing", "Failed")).toBe(true);
    expect(canTransition("Processing", "Cancelled")).toBe(true);
    expect(canTransition("Processing", "approved")).toBe(false);
  });

  it("finished cases stay finished", () => {
    for (const to of ["Processing", "Succeeded", "Cancelled", "approved"]) {
      expect(canTransition("Failed", to)).toBe(false);
      expect(canTransition("Cancelled", to)).toBe(false);
    }
    expect(canTransition("approved", "Cancelled")).toBe(false);
    expect(() => assertTransition("Failed", "Cancelled")).toThrow(/Cannot move the prior authorization from Failed to Cancelled/);
  });

  it("a request for information re-opens when material arrives; open cases can be cancelled", () => {
    expect(canTransition("request_for_information", "Succeeded")).toBe(true);
    expect(canTransition("pending_review", "Cancelled")).toBe(true);
    expect(canTransition("pending_review", "Processing")).toBe(true); // new documents are read again
    expect(canTransition("Succeeded", "Cancelled")).toBe(true); // a case ready for review can be withdrawn
    for (const open of ["Processing", "Succeeded", "pending_review", "request_for_information"]) expect(canTransition(open, "Cancelled")).toBe(true);
  });

  it("only the submitter's own update re-opens or withdraws a decided case", () => {
    for (const decided of ["approved", "denied"]) {
      expect(canTransition(decided, "Processing")).toBe(false);
      expect(canTransition(decided, "Processing", { bySubmitter: true })).toBe(true);
      expect(canTransition(decided, "Cancelled", { bySubmitter: true })).toBe(true);
    }
    expect(canTransition("Cancelled", "Cancelled", { bySubmitter: true })).toBe(false);
    expect(canTransition("Failed", "Processing", { bySubmitter: true })).toBe(false);
  });
});
