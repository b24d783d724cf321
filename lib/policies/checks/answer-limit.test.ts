import { describe, expect, it } from "vitest";
import type { CaseClaim } from "@/lib/claims/types";
import type { IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerLimit } from "./answer-limit";

const med = (over: Partial<IntakeMedicationRequest> = {}): IntakeMedicationRequest => ({
  name: "ondansetron 8 mg tablet", ndc: null, otherCodings: [], strength: "8 mg", doseValue: null, doseUnit: null, route: "oral", directions: "1 tab q8h prn nausea",
  quantity: 18, quantityUnit: "tablets", daysSupply: 28, refills: 0, reasons: [], evidence: [{ documentId: "form", page: 1, start: 0, end: 10, quote: "Quantity: 18" }], ...over,
});
const facts: IntakeFacts = { patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [] };
const ctx = (requested: IntakeMedicationRequest | null, claims: CaseClaim[] = []): CaseContext => ({ facts, documents: [], claims, testClaim: null, asOf: "2025-11-18", requested, coveredDrugs: [] });
const fill = (id: string, date: string, quantity: number | undefined, drug = "ondansetron HCl 8 mg tab", status: CaseClaim["status"] = "paid"): CaseClaim => ({
  claim_id: id, date, type: "pharmacy", status, drug_name: drug, days_supply: 28, ...(quantity !== undefined ? { quantity } : {}),
  source: { documentId: "claims", documentName: "claims.pdf", page: 1, quote: `${date} | ${drug} | ${quantity ?? ""} | 28 | Paid`, start: 0, end: 5 },
});

type LimitCheck = CheckOf<"quantity_limit" | "dose_limit" | "duration_limit">;
const ql = (value: number, unit: string, perDays?: number): LimitCheck => ({ kind: "quantity_limit", value, unit, ...(perDays ? { perDays } : {}) });

// [name, limit, request, claims, outcome, text the answer or reason holds]
const rows: [string, LimitCheck, Partial<IntakeMedicationRequest> | null, CaseClaim[], string, RegExp][] = [
  ["18 per 28 days, 18 for 28", ql(18, "tabs", 28), {}, [], "met", /Within the limit of 18 tabs per 28 days/],
  ["18 per 28 days, 30 for 30 (28 on the period)", ql(18, "tabs", 28), { quantity: 30, daysSupply: 30 }, [], "not_met", /the request is 28 per 28 days/],
  ["18 per 28 days, 18 for 14 (a shorter supply counts whole)", ql(18, "tabs", 28), { quantity: 18, daysSupply: 14 }, [], "met", /Within/],
  ["9 per 30 days supply, 18 for 30", ql(9, "units", 30), { name: "sumatriptan 50 mg", quantity: 18, daysSupply: 30 }, [], "not_met", /limits it to 9 units per 30 days/],
  ["9 per 30 days supply, 9 for 30", ql(9, "units", 30), { name: "sumatriptan 50 mg", quantity: 9, daysSupply: 30 }, [], "met", /Within/],
  ["daily dose of 1, 30 for 30", ql(1, "units", 1), { name: "Januvia 100 mg", quantity: 30, daysSupply: 30 }, [], "met", /Within the limit of 1 units per day/],
  ["daily dose of 1, 60 for 30", ql(1, "units", 1), { name: "Januvia 100 mg", quantity: 60, daysSupply: 30 }, [], "not_met", /the request is 2 per day/],
  ["2 pens per 28 days, 2 for 28", ql(2, "pens", 28), { name: "Emgality", quantity: 2, quantityUnit: "pens" }, [], "met", /Within/],
  ["2 pens per 28 days, 4 for 28", ql(2, "pens", 28), { name: "Emgality", quantity: 4, quantityUnit: "pens" }, [], "not_met", /limits it to 2 pens/],
  ["a fill 12 days before adds to the request", ql(18, "tabs", 28), {}, [fill("F1", "2025-10-06", 18), fill("F2", "2025-11-06", 18)], "not_met", /18 already dispensed \+ 18 requested = 36.*|Already paid in the 28 days before 2025-11-18: 18 on 2025-11-06, 12 days before \(claims\.pdf p\. 1\)/],
  ["a fill 43 days before is outside the period", ql(18, "tabs", 28), {}, [fill("F1", "2025-10-06", 18)], "met", /Within the limit/],
  ["another drug's fill does not count", ql(18, "tabs", 28), {}, [fill("F1", "2025-11-06", 6, "dexamethasone 4 mg tab")], "met", /Within/],
  ["a denied fill does not count", ql(18, "tabs", 28), {}, [fill("F1", "2025-11-06", 18, undefined, "denied")], "met", /Within/],
  ["a fill in the period without its quantity", ql(18, "tabs", 28), { quantity: 9 }, [fill("F1", "2025-11-06", undefined)], "missing", /Quantity dispensed on 2025-11-06/],
  ["no quantity", ql(18, "tabs", 28), { quantity: null }, [], "missing", /Quantity \(tabs\) and days supply of the prescription/],
  ["no days supply", ql(18, "tabs", 28), { daysSupply: null }, [], "missing", /Days supply of the prescription/],
  ["a quantity in mL against a count", ql(18, "tabs", 28), { quantity: 50, quantityUnit: "mL" }, [], "missing", /Quantity of the prescription in tabs/],
  ["no medication request", ql(18, "tabs", 28), null, [], "missing", /Medication request/],
  ["120 billing units per 28 days against 2 vials: never compared", ql(120, "billing unit", 28), { name: "Sandostatin LAR", quantity: 2, quantityUnit: "vials", daysSupply: 28 }, [], "missing", /Quantity of the prescription in billing unit/],
  ["120 billing units per 28 days against a count without unit: never compared", ql(120, "billing unit", 28), { name: "Sandostatin LAR", quantity: 2, quantityUnit: null, daysSupply: 28 }, [], "missing", /in billing unit/],
  ["120 billing units per 28 days, 100 billing units requested", ql(120, "billing unit", 28), { name: "Sandostatin LAR", quantity: 100, quantityUnit: "billing units", daysSupply: 28 }, [], "met", /Within the limit of 120 billing unit per 28 days/],
  ["120 billing units per 28 days, 150 billing units requested", ql(120, "billing unit", 28), { name: "Sandostatin LAR", quantity: 150, quantityUnit: "billing units", daysSupply: 28 }, [], "not_met", /limits it to 120 billing unit/],
  ["a written form's bare '#30 per 30 days' (units) against 30 capsules", ql(30, "units", 30), { name: "Azstarys", quantity: 30, quantityUnit: "capsules", daysSupply: 30 }, [], "met", /Within/],
  ["'2 tablets/day' against 90 for 30 days", ql(2, "tablet", 1), { quantity: 90, quantityUnit: "tablets", daysSupply: 30 }, [], "not_met", /the request is 3 per day/],
];

describe.each(rows)("quantity limit: %s", (_name, check, request, claims, outcome, pattern) => {
  it(`is ${outcome}`, () => {
    const answer = answerLimit(check, ctx(request ? med(request) : null, claims));
    expect(answer.outcome).toBe(outcome);
    expect(`${answer.answer} ${answer.reason} ${answer.missingInformation ?? ""}`).toMatch(pattern);
  });
});

it("a limit exceeded with earlier fills cites them", () => {
  const answer = answerLimit(ql(18, "tabs", 28), ctx(med(), [fill("F2", "2025-11-06", 18)]));
  expect(answer.reason).toBe("The policy limits it to 18 tabs per 28 days; 18 already dispensed + 18 requested = 36.");
  expect(answer.evidence.map((e) => e.documentId)).toEqual(["form", "claims"]);
});

it("another drug's request is never compared with a policy that names its drugs", async () => {
  const { requestedDrug } = await import("../case-context");
  const withMetformin = { ...facts, medicationRequests: [med({ name: "metformin HCl 1000 mg tab", quantity: 60, daysSupply: 30 })] };
  expect(requestedDrug(withMetformin, ["sitagliptin", "JANUVIA"])).toBeNull();
  expect(requestedDrug(withMetformin, ["metformin"])?.name).toBe("metformin HCl 1000 mg tab");
  expect(requestedDrug(withMetformin, [])?.name).toBe("metformin HCl 1000 mg tab");
});
