import { describe, expect, it } from "vitest";
import { realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { intakeSummaries } from "./summaries";
import type { IntakeFacts } from "./types";

function facts(): IntakeFacts {
  const f = realisticFacts();
  f.diagnoses[0].name = "Lennox-Gastaut syndrome";
  f.diagnoses[0].onsetDate = "2023-01";
  f.priorTreatments = [
    { drug: "clobazam", outcome: "failed", startDate: null, endDate: null, durationDays: null, evidence: [] },
    { drug: "valproate", outcome: "inadequate_response", startDate: null, endDate: null, durationDays: null, evidence: [] },
  ];
  const mr = f.medicationRequests[0];
  Object.assign(mr, { name: "Epidiolex 100 mg/mL oral solution", strength: "100 mg/mL", quantity: 300, quantityUnit: "mL", daysSupply: 30, refills: null, directions: "5 mL by mouth twice daily", reasons: ["G40.811"] });
  return f;
}

describe("intakeSummaries", () => {
  it("summarises a diagnosis with its onset and the prior treatments", () => {
    const f = facts();
    expect(intakeSummaries(f).diagnosis(f.diagnoses[0])).toBe(
      "Lennox-Gastaut syndrome (G40.811), onset 2023-01; prior treatments: clobazam (failed), valproate (inadequate response)",
    );
  });

  it("tells prior treatments only with the diagnosis the request is for", () => {
    const f = facts();
    expect(intakeSummaries(f).diagnosis(f.diagnoses[1])).toBe("Unspecified convulsions (R56.9), provisional, recurrence");
  });

  it("summarises a medication request", () => {
    const f = facts();
    expect(intakeSummaries(f).medication(f.medicationRequests[0])).toBe(
      "Epidiolex 100 mg/mL oral solution, NDC 70127-0100-01, 300 mL for 30 days: 5 mL by mouth twice daily; for G40.811",
    );
  });

  it("says when a code was inferred, and copes with bare facts", () => {
    const f = facts();
    const dx = { ...f.diagnoses[0], icd10: ["G40.81"], icd10Source: "inferred" as const, onsetDate: null };
    expect(intakeSummaries({ ...f, priorTreatments: [] }).diagnosis(dx)).toBe("Lennox-Gastaut syndrome (G40.81, category inferred from the name)");
    const bare = { ...f.medicationRequests[0], name: "", strength: null, ndc: null, quantity: null, daysSupply: null, directions: null, route: null, reasons: [] };
    expect(intakeSummaries(f).medication(bare)).toBe("Medication");
  });

  it("is deterministic", () => {
    const f = facts();
    const a = intakeSummaries(f);
    const b = intakeSummaries(structuredClone(f));
    expect(a.medication(f.medicationRequests[0])).toBe(b.medication(f.medicationRequests[0]));
  });
});

describe("intakeSummaries length", () => {
  it("cuts a long summary at a word", () => {
    const f = facts();
    const mr = { ...f.medicationRequests[0], directions: "take one tablet by mouth ".repeat(40) };
    const text = intakeSummaries(f).medication(mr);
    expect(text.length).toBeLessThanOrEqual(320);
    expect(text.endsWith("…")).toBe(true);
  });
});
