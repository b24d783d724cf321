import { describe, expect, it } from "vitest";
import type { ClaimRecord } from "./types";
import { DEFAULT_DAYS_SUPPLY, drugMeetsRequirement, drugTrials, fillsInWindow, priorUseOfDrug, stepTherapyFromClaims, testClaimOutcome } from "./claims-evidence";
import { classesInText, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry } from "@/lib/lexicon/drugs";
import { sameDrug } from "@/lib/lexicon/same-drug";

const fill = (claim_id: string, date: string, drug_name: string, extra: Partial<ClaimRecord> = {}): ClaimRecord => ({
  claim_id, date, type: "pharmacy", status: "paid", drug_name, ...extra,
});

describe("drug classes", () => {
  it("maps brands and generics to one drug and its classes", () => {
    expect(findDrugEntry("LAMICTAL 100 MG TABLET")?.generic).toBe("lamotrigine");
    expect(findDrugEntry("Banzel (rufinamide) 200 mg")?.generic).toBe("rufinamide");
    expect(sameDrug("Humira Pen 40 mg/0.4 mL", "adalimumab")).toBe(true);
    expect(sameDrug("Afinitor", "everolimus tablets")).toBe(true);
    expect(sameDrug("topiramate", "lamotrigine")).toBe(false);
    expect(isInClass("Enbrel", "tnf_inhibitor")).toBe(true);
    expect(isInClass("Dupixent", "atopic_dermatitis_biologic")).toBe(true);
    expect(isInClass("clobetasol 0.05% cream", "topical_corticosteroid")).toBe(true);
  });

  it("reads the classes a policy phrase names", () => {
    expect(classesInText("at least two other antiseizure medications")).toEqual(["antiseizure"]);
    expect(classesInText("a TNF inhibitor")).toEqual(["tnf_inhibitor"]);
    expect(classesInText("an mTOR inhibitor")).toEqual(["mtor_inhibitor"]);
    expect(classesInText("a medium potency topical corticosteroid")).toEqual(["topical_corticosteroid"]);
  });
});

describe("step therapy from claims", () => {
  const req = { drugClasses: ["antiseizure"], exclude: ["Epidiolex"], count: 2, minDurationDays: 28 };

  it("is met by two distinct drugs of the class with paid fills long enough", () => {
    const claims = [
      fill("C1", "2024-05-01", "Valproic acid 250 mg", { days_supply: 30 }),
      fill("C2", "2024-05-31", "Depakote 250 mg", { days_supply: 30 }),
      fill("C3", "2024-06-01", "Lamictal 25 mg", { days_supply: 30 }),
      fill("C4", "2024-06-02", "Epidiolex 100 mg/mL"),
      fill("C5", "2024-06-03", "Amoxicillin 250 mg"),
    ];
    const result = stepTherapyFromClaims(claims, req);
    expect(result.met).toBe(true);
    expect(result.qualifying.map((t) => t.drug).sort()).toEqual(["lamotrigine", "valproic acid"]);
    const valproate = result.qualifying.find((t) => t.drug === "valproic acid")!;
    // Brand and generic fills are one trial: first fill to last fill plus the last fill's days supply.
    expect(valproate.claimIds).toEqual(["C1", "C2"]);
    expect(valproate.durationDays).toBe(30 + 30);
    expect(result.summary).toContain("C1");
  });

  it("is not met when the only claims of the class were denied or pending", () => {
    const claims = [
      fill("D1", "2024-05-01", "lamotrigine", { status: "denied" }),
      fill("D2", "2024-06-01", "topiramate", { status: "pending" }),
    ];
    const result = stepTherapyFromClaims(claims, req);
    expect(result.met).toBe(false);
    expect(result.qualifying).toEqual([]);
    expect(result.notCounted.map((c) => c.claim_id)).toEqual(["D1", "D2"]);
    expect(result.summary).toMatch(/not counted \(D1 denied, D2 pending\)/);
  });

  it("is partly met when a trial is too short", () => {
    const claims = [
      fill("P1", "2024-05-01", "levetiracetam", { days_supply: 30 }),
      fill("P2", "2024-05-31", "levetiracetam", { days_supply: 30 }),
      fill("P3", "2024-07-01", "zonisamide", { days_supply: 14 }),
    ];
    const result = stepTherapyFromClaims(claims, req);
    expect(result.met).toBe(false);
    expect(result.qualifying.map((t) => t.drug)).toEqual(["levetiracetam"]);
    expect(result.tooShort.map((t) => [t.drug, t.durationDays])).toEqual([["zonisamide", 14]]);
    expect(result.summary).toMatch(/shorter than 28 days/);
  });

  it("assumes a 30-day supply when a fill does not say, and says so", () => {
    const { trials } = drugTrials([fill("A1", "2024-01-10", "Humira Pen"), fill("A2", "2024-02-09", "adalimumab")]);
    expect(DEFAULT_DAYS_SUPPLY).toBe(30);
    expect(trials[0]).toMatchObject({ drug: "adalimumab", fills: 2, durationDays: 60, daysSupplyAssumed: true });
  });

  it("names the drug of a claim from its NDC elsewhere in the history", () => {
    const claims = [fill("N1", "2024-01-01", "Enbrel 50 mg/mL", { ndc: "58406-0445-04" }), { claim_id: "N2", date: "2024-02-01", type: "pharmacy" as const, status: "paid" as const, ndc: "58406-445-04" }];
    const result = stepTherapyFromClaims(claims, { drugClasses: ["tnf_inhibitor"], count: 1 });
    expect(result.qualifying[0].claimIds).toEqual(["N1", "N2"]);
  });

  it("counts the policy's examples of a class and named drugs", () => {
    const claims = [fill("E1", "2024-01-01", "Qinlock 50 mg"), fill("E2", "2024-01-01", "Gleevec 400 mg")];
    expect(stepTherapyFromClaims(claims, { drugs: ["imatinib"], count: 1 }).qualifying.map((t) => t.drug)).toEqual(["imatinib"]);
    expect(stepTherapyFromClaims(claims, { drugClasses: ["antiseizure"], examples: ["Qinlock"], count: 1 }).met).toBe(true);
  });
});

describe("prior use of the requested drug and the test claim", () => {
  it("finds paid fills of the requested drug by NDC or by name", () => {
    const claims = [
      fill("R1", "2024-03-01", "EPIDIOLEX 100 MG/ML SOLN", { ndc: "70127-0100-01" }),
      fill("R2", "2024-04-01", "cannabidiol oral solution", { status: "denied" }),
    ];
    const byNdc = priorUseOfDrug(claims, { ndc: "70127-100-01" });
    expect(byNdc.used).toBe(true);
    expect(byNdc.claims.map((c) => c.claim_id)).toEqual(["R1"]);
    expect(priorUseOfDrug(claims, { name: "Epidiolex (cannabidiol)" }).trial?.claimIds).toEqual(["R1"]);
    expect(priorUseOfDrug([claims[1]], { name: "Epidiolex" }).used).toBe(false);
  });

  it("describes the test claim", () => {
    expect(testClaimOutcome(null)).toBeNull();
    expect(testClaimOutcome({ claim_id: "T1", date: "2024-10-01", status: "denied", adjudication_notes: "PA required" })).toMatchObject({ covered: false, summary: "Test claim T1 (2024-10-01) is denied. Notes: PA required" });
    expect(testClaimOutcome({ claim_id: "T2", date: "2024-10-01", status: "pending", expected_coverage: true })?.covered).toBe(true);
  });
});

describe("a requirement that names no drug", () => {
  it.each([
    [{}, false],
    [{ anyDrug: true }, true],
    [{ drugs: [], drugClasses: [], examples: [] }, false],
  ])("%j counts levetiracetam: %s", (req, expected) => {
    expect(drugMeetsRequirement("levetiracetam", req)).toBe(expected);
  });
});

describe("fillsInWindow", () => {
  const claims = [fill("W1", "2025-04-22", "metformin", { days_supply: 30 }), fill("W2", "2025-09-10", "metformin", { days_supply: 14 }), fill("W3", "2025-10-01", "metformin"), fill("W4", "2025-10-09", "lisinopril", { days_supply: 30 }), fill("W5", "2025-11-20", "metformin", { days_supply: 30 })];
  it("splits the requirement's paid fills by look-back and supply, leaving other claims alone", () => {
    const { counted, excluded } = fillsInWindow(claims, { drugs: ["metformin"] }, { asOf: "2025-11-04", withinDays: 90, minSupplyDays: 30 });
    expect(counted.map((c) => c.claim_id)).toEqual(["W4"]);
    expect(excluded.map((e) => [e.claim.claim_id, e.why, e.daysBefore])).toEqual([
      ["W1", "outside_window", 196], ["W2", "short_supply", 55], ["W3", "supply_unknown", 34], ["W5", "after_request", -16],
    ]);
  });
});
