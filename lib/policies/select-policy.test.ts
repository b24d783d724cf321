import { describe, expect, it } from "vitest";
import { choosePolicy, type PolicyCandidate } from "./select-policy";

const candidate = (id: string, over: Partial<PolicyCandidate> = {}): PolicyCandidate => ({
  policyId: id, versionId: `${id}-v1`, version: 1, title: id, ndcCodes: [], cptCodes: [], drugNames: [], updatedAt: new Date("2024-01-01"), ...over,
});

describe("choosePolicy", () => {
  const epidiolex = candidate("epidiolex", { ndcCodes: ["70127010001"], drugNames: ["Epidiolex (cannabidiol oral solution)"] });
  const antiseizure = candidate("antiseizure-class", { drugNames: ["Epidiolex (cannabidiol)", "Fintepla (fenfluramine)", "Diacomit (stiripentol)"] });
  const knee = candidate("knee-mri", { cptCodes: ["73721"] });

  it("selects by NDC first, then by CPT", () => {
    expect(choosePolicy([antiseizure, epidiolex, knee], { ndcs: ["70127010001"], cpts: [], drugNames: [] })).toMatchObject({ chosen: { policyId: "epidiolex" }, matchedBy: "code" });
    expect(choosePolicy([antiseizure, epidiolex, knee], { ndcs: [], cpts: ["73721"], drugNames: [] })).toMatchObject({ chosen: { policyId: "knee-mri" }, matchedBy: "code" });
  });

  it("falls back to drug names; several: the most specific, then the newest", () => {
    const chosen = choosePolicy([antiseizure, epidiolex], { ndcs: [], cpts: [], drugNames: ["Epidiolex 100 mg/mL"] });
    expect(chosen).toMatchObject({ chosen: { policyId: "epidiolex" }, matchedBy: "drug_name" });
    const older = candidate("old", { drugNames: ["Dupixent (dupilumab)"], updatedAt: new Date("2023-01-01") });
    const newer = candidate("new", { drugNames: ["Dupixent (dupilumab)"], updatedAt: new Date("2024-06-01") });
    expect(choosePolicy([older, newer], { ndcs: [], cpts: [], drugNames: ["Dupixent"] }).chosen?.policyId).toBe("new");
  });

  it("finds nothing when neither codes nor names match", () => {
    expect(choosePolicy([epidiolex, knee], { ndcs: ["00000000000"], cpts: [], drugNames: ["Humira"] })).toEqual({ chosen: null, matchedBy: null });
  });
});
