import { describe, expect, it } from "vitest";
import { UnreadableRecord } from "@/lib/stored-record";
import { readStoredClaims } from "./supporting-information";

const history = { claim_id: "C1", date: "2025-10-01", type: "pharmacy", status: "paid", drug_name: "metformin 500 mg", ndc: "00093-1048-01", days_supply: 30 };
const test = { claim_id: "T1", date: "2025-11-04", status: "denied", expected_coverage: false };

describe("a case's stored claim records", () => {
  it("read back as sent: the history and the test claim", () => {
    const rows = [{ kind: "history", claimId: "C1", data: history }, { kind: "test", claimId: "T1", data: test }];
    expect(readStoredClaims(rows)).toEqual({ claims: [history], testClaim: test });
    expect(readStoredClaims([])).toEqual({ claims: [], testClaim: null });
  });

  it("a record converted from an ExplanationOfBenefit is read by its shape, not the request's limits", () => {
    const long = { ...history, drug_name: "x".repeat(400) };
    expect(readStoredClaims([{ kind: "history", claimId: "C1", data: long }]).claims).toEqual([long]);
  });

  it("a record of another shape is reported, naming the claim", () => {
    const read = () => readStoredClaims([{ kind: "history", claimId: "C9", data: { ...history, status: "settled" } }]);
    expect(read).toThrow(UnreadableRecord);
    expect(read).toThrow(/^The claim record C9 cannot be read: it was written by an older engine \(status: .*send the claim again as supporting information\.$/);
  });
});
