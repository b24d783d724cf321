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

  it("keeps a heading's duration for the items under it that state none", () => {
    const text = ["Consolidation (6 weeks):", "Cytarabine 100 mg/m2 daily"].join("\n");
    expect(listed(text)).toEqual([["Cytarabine", "inadequate_response", 42]]);
  });
});
