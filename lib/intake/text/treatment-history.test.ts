import { describe, expect, it } from "vitest";
import { pageLines } from "./page-lines";
import { findTreatmentHistory } from "./treatment-history";

const page = (...lines: string[]) => pageLines({ text: lines.join("\n") });
const read = (hits: ReturnType<typeof findTreatmentHistory>["hits"]) => hits.map((h) => [h.drug, h.outcome, h.startDate, h.endDate, h.durationDays]);

describe("findTreatmentHistory: a past treatment written as a plan", () => {
  const first = page(
    "Interval history: tolerating therapy.",
    "Prior Therapy Received",
    "Remission Induction:",
    "• Dates: 2/3/24 - 3/2/24",
    "• Drugs Given:",
    "  ◦ Prednisolone: by mouth each day",
    "  ◦ Pegaspargase: two doses, stopped after an allergic reaction",
    "  ◦ Idarubicin: day 1 and day 8",
    "Intensification Block (6 weeks):",
    "Agents:",
    "  ◦ High-dose Cytarabine: every 12 hours",
  );
  const second = page(
    "  ◦ Etoposide: days 1-5",
    "Planned Continuation Phase:",
    "Agents:",
    "  ◦ Thioguanine: nightly",
    "Continuation Phase Two:",
    "Started: 6/10/24",
    "Medications:",
    "  ◦ Mercaptopurine: nightly by mouth",
    "Physical Exam:",
    "  - Oxygen: none needed",
  );
  const one = findTreatmentHistory(first, null, { referenceYear: 2024 });
  const two = findTreatmentHistory(second, one.state, { referenceYear: 2024 });

  it("reads each bulleted drug under a past phase with the phase's dates, and an outcome the item states", () => {
    expect(read(one.hits)).toEqual([
      ["Prednisolone", "unknown", "2024-02-03", "2024-03-02", 28],
      ["Pegaspargase", "intolerant", "2024-02-03", "2024-03-02", 28],
      ["Idarubicin", "unknown", "2024-02-03", "2024-03-02", 28],
      ["Cytarabine", "unknown", null, null, 42],
    ]);
  });

  it("goes on over the page break, skips a phase still planned, and takes a started phase's drugs as ongoing", () => {
    expect(read(two.hits)).toEqual([
      ["Etoposide", "unknown", null, null, 42],
      ["Mercaptopurine", "ongoing", "2024-06-10", null, null],
    ]);
    // The history ends at the next part of the note.
    expect(two.state).toBeNull();
  });

  it("quotes the drug's name without the route before it", () => {
    const cytarabine = one.hits.find((h) => h.drug === "Cytarabine");
    const text = first.map((l) => l.text).join("\n");
    expect(cytarabine && text.slice(cytarabine.span.start, cytarabine.span.end)).toBe("Cytarabine");
  });

  it("reads nothing outside a history", () => {
    expect(findTreatmentHistory(page("Plan:", "• Methotrexate: start next week", "Agents:", "• Folic acid: daily"), null).hits).toEqual([]);
  });
});
