import { describe, expect, it } from "vitest";
import { pageLines } from "@/lib/documents/layout/page-lines";
import { findTreatmentHistory } from "./treatment-history";

const page = (...lines: string[]) => pageLines({ text: lines.join("\n") });
const read = (hits: ReturnType<typeof findTreatmentHistory>) => hits.map((h) => [h.drug, h.outcome, h.startDate, h.endDate, h.durationDays, h.pageIndex]);

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
    "  ◦ Intrathecal Cytarabine: plan to give monthly",
    "Physical Exam:",
    "  - Lorazepam: as needed",
  );
  const hits = findTreatmentHistory([first, second], { referenceYear: 2024 });

  it("reads each bulleted drug under a past phase with the phase's dates, and an outcome the item states", () => {
    expect(read(hits.filter((h) => h.pageIndex === 0))).toEqual([
      ["Prednisolone", "unknown", "2024-02-03", "2024-03-02", 28, 0],
      ["Pegaspargase", "intolerant", "2024-02-03", "2024-03-02", 28, 0],
      ["Idarubicin", "unknown", "2024-02-03", "2024-03-02", 28, 0],
      ["Cytarabine", "unknown", null, null, 42, 0],
    ]);
  });

  it("goes on over the page break, skips a phase or item still planned, and takes a started phase's drugs as ongoing", () => {
    // The history ends at the next part of the note: the lorazepam below it is not a drug tried.
    expect(read(hits.filter((h) => h.pageIndex === 1))).toEqual([
      ["Etoposide", "unknown", null, null, 42, 1],
      ["Mercaptopurine", "ongoing", "2024-06-10", null, null, 1],
    ]);
  });

  it("quotes the drug's name without the route before it", () => {
    const cytarabine = hits.find((h) => h.drug === "Cytarabine");
    const text = first.map((l) => l.text).join("\n");
    expect(cytarabine && text.slice(cytarabine.span.start, cytarabine.span.end)).toBe("Cytarabine");
  });

  it("dates a regimen by the schedule after it, and reads a list of drugs in one item", () => {
    const note = page(
      "Treatment Summary",
      "Step 1: Preoperative Chemotherapy",
      "● Regimen:",
      "○ Carboplatin: AUC 5 every 21 days",
      "● Treatment Schedule:",
      "○ Cycle 1: January 8, 2024",
      "○ Cycle 4: March 11, 2024",
      "Total Duration: 4 cycles over 12 weeks.",
      "● Salvage Therapy: April 1, 2024 – May 27, 2024",
      "○ Gemcitabine, Docetaxel (3 cycles), stopped for progression.",
    );
    expect(read(findTreatmentHistory([note], { referenceYear: 2024 }))).toEqual([
      ["Carboplatin", "unknown", "2024-01-08", "2024-03-11", 84, 0],
      ["Gemcitabine", "unknown", "2024-04-01", "2024-05-27", 56, 0],
      ["Docetaxel", "unknown", "2024-04-01", "2024-05-27", 56, 0],
    ]);
  });

  it("reads a drug named before its strength, with the outcome and dates its item states", () => {
    const note = page("Medication History", "- Sulfasalazine 500 mg twice daily 1/2023 - 6/2023, stopped due to side effects", "- Adapalene gel nightly");
    expect(read(findTreatmentHistory([note], { referenceYear: 2024 }))).toEqual([
      ["Sulfasalazine", "intolerant", "2023-01", "2023-06", null, 0],
      ["Adapalene", "unknown", null, null, null, 0],
    ]);
  });

  it("reads nothing outside a history", () => {
    expect(findTreatmentHistory([page("Plan:", "• Methotrexate: start next week", "Agents:", "• Folic acid: daily")])).toEqual([]);
  });
});
