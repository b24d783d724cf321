import { describe, expect, it } from "vitest";
import { extractLabelledFacts } from "./extract-labelled-facts";
import { layoutPage, type FixtureRow } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

function factsOf(rows: FixtureRow[]) {
  const page = layoutPage(rows);
  const doc = { id: "d", name: "form.pdf", contentType: "application/pdf", pages: [page] };
  return extractLabelledFacts(doc, [{ page, fields: readLabelledFields(page) }], { referenceYear: 2025 });
}

describe("a table of drugs tried whose column headings are not known labels", () => {
  const rows: FixtureRow[] = [
    [["Medication requested: Vedolizumab 300mg", 36]],
    [["Other treatments tried for this condition, one per row:", 36]],
    [["Medication", 42], ["Dates used and for how long", 172], ["Documented results, including adverse", 334]],
    [["reactions seen", 334]],
    [["Mesalamine", 42], ["02/01/24 - 05/01/24", 172], ["Flares went on with no improvement", 334]],
    [["Is the patient able to take any other alternative? | Yes | No", 36]],
  ];

  it("never reads the other headings as the value of the drug heading", () => {
    const facts = factsOf(rows);
    expect(facts.medicationRequests.map((m) => [m.name, m.strength])).toEqual([["Vedolizumab", "300mg"]]);
  });

  it("reads each row as a drug tried, with its dates and outcome", () => {
    const facts = factsOf(rows);
    expect(facts.priorTreatments.map((t) => [t.drug, t.outcome, t.startDate, t.endDate])).toEqual([["Mesalamine", "inadequate_response", "2024-02-01", "2024-05-01"]]);
  });

  it("reads nothing from an empty table followed by a question", () => {
    const empty = [rows[0], rows[2], [["Has the patient received any other alternative treatment? | Yes | No", 36]] as FixtureRow];
    const facts = factsOf(empty);
    expect(facts.medicationRequests.map((m) => [m.name, m.strength])).toEqual([["Vedolizumab", "300mg"]]);
    expect(facts.priorTreatments).toEqual([]);
  });
});

describe("a table of drugs tried whose headings are centred over left-aligned values", () => {
  // "Prior therapies (drug – dates – result)" with "Drug", "Dates", "Result" centred in wide columns.
  const rows: FixtureRow[] = [
    [["Medication & strength: Emflaza 18 mg tablets", 36]],
    [["Prior therapies (drug – dates – result)", 36]],
    [["Drug", 180], ["Dates", 390], ["Result", 520]],
    [["Prednisone 0.75 mg/kg/day (15 mg)", 40], ["07/14/2025 – present", 340], ["Mood swings per parents", 480]],
  ];

  it("reads the drug under its heading, and its dates under theirs", () => {
    const facts = factsOf(rows);
    expect(facts.priorTreatments.map((t) => [t.drug, t.startDate])).toEqual([["Prednisone", "2025-07-14"]]);
  });
});
