import { describe, expect, it } from "vitest";
import { presentPolicy, presentPolicySummary } from "@/lib/policies/present-policy";
import type { ParsedPolicy } from "@/lib/policies/types";
import { ZPolicyDetail, ZPolicySummary, ZPolicyUploadResult } from "./policy";

// The portal types its policy pages with z.infer of these schemas: the presenter's real output must parse with them.
const parsed: ParsedPolicy = {
  title: "Cannabidiol - Example Plan",
  payer: "Example Plan",
  effectiveDate: "2025-01-01",
  drugNames: ["Epidiolex (cannabidiol)", "cannabidiol oral solution"],
  suggestedCodes: { ndc: ["70127010001"], cpt: [], hcpcs: ["J3490"] },
  sections: [{
    id: "lgs", title: "Lennox-Gastaut Syndrome", kind: "initial", diagnosisHints: { names: ["Lennox-Gastaut syndrome"], icd10Prefixes: ["G40.81"] }, approvalDuration: "1 year",
    criteria: { kind: "group", id: "lgs", logic: "all", text: null, quote: null, children: [
      { kind: "criterion", id: "age", text: "One year old or older", quote: { page: 1, text: "One year old or older" }, check: { kind: "age", min: 1 } },
    ] },
  }],
};
const policyRow = (status: string) => ({ id: "8b0e4a4e-3f57-4b6e-9a53-3f0f0d1f6a01", status, latestVersion: 2, createdAt: new Date("2026-01-01T00:00:00Z"), updatedAt: new Date("2026-01-02T00:00:00Z") });
const versionRow = {
  id: "0d5f3a52-8c1e-4a7e-b6d2-9e6f1c2b3a44", version: 2, title: parsed.title, payer: parsed.payer, effectiveDate: parsed.effectiveDate, ndcCodes: ["70127010001"], cptCodes: [],
  drugNames: ["Epidiolex (cannabidiol)"], documentId: null, pages: [{ page: 1, text: "One year old or older" }], parsed, changeNote: "Adults only", createdBy: "admin@example.test", createdAt: new Date("2026-01-02T00:00:00Z"),
};
const history = [{ version: 2, createdAt: new Date("2026-01-02T00:00:00Z"), createdBy: "admin@example.test", changeNote: "Adults only" }, { version: 1, createdAt: new Date("2026-01-01T00:00:00Z"), createdBy: "admin@example.test", changeNote: null }];
const document = { id: "5a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", fileName: "policy.pdf" };

describe("the presenter's answers parse with the schemas the portal's types come from", () => {
  it.each(["draft", "active", "retired"])("a %s policy in full, and in lists", (status) => {
    const full = presentPolicy(policyRow(status), versionRow, history, document);
    expect(ZPolicyDetail.safeParse(full).error?.issues ?? []).toEqual([]);
    expect(ZPolicyDetail.parse(full).suggestions).toEqual({ ndc_codes: [], cpt_codes: ["J3490"], drug_names: ["cannabidiol oral solution"] });
    expect(ZPolicySummary.safeParse(presentPolicySummary(policyRow(status), versionRow, null)).error?.issues ?? []).toEqual([]);
    const upload = { ...full, policy_document: { id: document.id, file_name: "policy.pdf", family: "single_drug", sections: 1 }, policies: [presentPolicySummary(policyRow(status), versionRow, document)] };
    expect(ZPolicyUploadResult.safeParse(upload).error?.issues ?? []).toEqual([]);
  });

  it("a status the portal does not know is refused, so a drift in the presenter fails here", () => {
    const issues = ZPolicySummary.safeParse(presentPolicySummary(policyRow("archived"), versionRow)).error?.issues ?? [];
    expect(issues.map((i) => i.path.join("."))).toEqual(["status"]);
  });
});
