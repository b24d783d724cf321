import { describe, expect, it } from "vitest";
import { findPriorTreatments } from "./find-prior-treatments";

const listed = (text: string) =>
  findPriorTreatments(text, { inTrialSection: true, sectionOutcome: "inadequate_response", lineItems: true }).map((t) => [t.drug, t.outcome, t.durationDays]);

describe("findPriorTreatments: one drug tried a line", () => {
  it("takes the name an item opens with, before its strength or form, for a drug without a known stem", () => {
    const text = ["(list each drug tried, its strength and how long it was used)", "Desonide 0.05% lotion, 4 week duration, continues on this", "Crisaborole ointment for 2 weeks"].join("\n");
    expect(listed(text)).toEqual([
      ["Desonide", "inadequate_response", 28],
      ["Crisaborole", "inadequate_response", 14],
    ]);
  });

  it("takes an item's dates from its own sentence, not from another sentence on the line", () => {
    const text = ["Salvage: Jan 5, 2024 – Feb 16, 2024", "Carboplatin, Etoposide (2 cycles). Port placed: March 2, 2024."].join("\n");
    const hits = findPriorTreatments(text, { inTrialSection: true, sectionOutcome: "inadequate_response", lineItems: true, referenceYear: 2024 });
    expect(hits.map((t) => [t.drug, t.startDate, t.endDate])).toEqual([
      ["Carboplatin", "2024-01-05", "2024-02-16"],
      ["Etoposide", "2024-01-05", "2024-02-16"],
    ]);
  });

  it("knows drugs of the vocabulary whose names carry no known stem", () => {
    const text = "Vincristine and mercaptopurine, both stopped for neuropathy";
    expect(findPriorTreatments(text, { inTrialSection: true, sectionOutcome: "failed" }).map((t) => t.drug)).toEqual(["Vincristine", "mercaptopurine"]);
  });

  it("keeps a heading's duration for the items under it that state none", () => {
    const text = ["Consolidation (6 weeks):", "Cytarabine 100 mg/m2 daily"].join("\n");
    expect(listed(text)).toEqual([["Cytarabine", "inadequate_response", 42]]);
  });
});
