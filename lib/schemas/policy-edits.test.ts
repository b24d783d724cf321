import { describe, expect, it } from "vitest";
import { describeZodError } from "@/lib/errors/describe-zod-error";
import { ZUpdatePolicyRequest } from "./policy";

describe("criteria edits in PATCH /policies/{id}", () => {
  it("names the field of the edit that is wrong", () => {
    const result = ZUpdatePolicyRequest.safeParse({ criteria_edits: [{ criterion_id: "a" }, { criterion_id: "b", check: { kind: "age", min: "one" } }] });
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!)).toBe("criteria_edits[1].check.min: expected number");
  });
});
