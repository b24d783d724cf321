import { describe, expect, it } from "vitest";
import type { CaseClaim } from "@/lib/claims/types";
import type { IntakeFacts, PriorTreatment } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerExclusion } from "./answer-exclusion";

// "Exclusion: use together with another drug for osteoporosis (a bisphosphonate, denosumab)": met only when nothing
// in the notes, forms or claims shows that use; a history of the drug that ended is no such use.
const facts = (priorTreatments: PriorTreatment[] = []): IntakeFacts => ({ patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments, labs: [], procedures: [], answers: [], warnings: [] });
const ctx = (over: Partial<CaseContext>): CaseContext => ({ facts: facts(), documents: [], claims: [], testClaim: null, asOf: "2025-10-01", requested: null, coveredDrugs: ["Forteo"], ...over });
const note = (text: string): Partial<CaseContext> => ({ documents: [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }] });
const fill = (date: string, drug: string, days_supply: number): CaseClaim => ({ claim_id: `C-${date}`, date, type: "pharmacy", status: "paid", drug_name: drug, days_supply });
const course = (drug: string, outcome: PriorTreatment["outcome"]): PriorTreatment => ({ drug, outcome, startDate: null, endDate: null, durationDays: null, evidence: [{ documentId: "note", page: 1, start: 0, end: 5, quote: drug }] });
const osteoporosis: CheckOf<"concurrent_therapy_exclusion"> = { kind: "concurrent_therapy_exclusion", drugs: ["denosumab"], drugClasses: ["bisphosphonate"] };

const ROWS: [string, Partial<CaseContext>, string][] = [
  ["a class member filled 30 days before", { claims: [fill("2025-09-01", "ALENDRONATE SOD 70MG TAB", 28)] }, "not_met"],
  ["an 84-day supply filled 150 days before, lasting into the last 90 days", { claims: [fill("2025-05-04", "ALENDRONATE SOD 70MG TAB", 84)] }, "not_met"],
  ["a named drug filled 60 days before", { claims: [fill("2025-08-02", "Prolia 60 mg/mL syringe", 180)] }, "not_met"],
  ["a class member's last supply ended long ago", { claims: [fill("2024-12-01", "ALENDRONATE SOD 70MG TAB", 84)] }, "met"],
  ["an ongoing course of a class member", { facts: facts([course("risedronate", "ongoing")]) }, "not_met"],
  ["a note: a named drug currently taken", note("Current medications: denosumab 60 mg every 6 months."), "not_met"],
  ["a note: a history that ended", { ...note("Alendronate 70 mg weekly 2019-2024, stopped after a new fracture."), claims: [fill("2024-12-01", "ALENDRONATE SOD 70MG TAB", 84)] }, "met"],
  ["a note: no other drug will be used with it", { ...note("Alendronate has been stopped; no other osteoporosis drug will be used with it."), facts: facts([course("alendronate", "failed")]) }, "met"],
  ["nothing on record", {}, "missing"],
];

describe.each(ROWS)("exclusion: %s", (_name, over, outcome) => {
  it(`is ${outcome}`, () => expect(answerExclusion(osteoporosis, ctx(over)).outcome).toBe(outcome));
});
