import { describe, expect, it } from "vitest";
import { extractIntake } from "./extract-intake";
import { isLabelStart } from "./text/form-labels";
import { quantityOverDays } from "./text/medication-details";
import { isRequestTitle } from "./text/read-labelled-fields";
import { layoutPage, type FixtureRow } from "./text/layout-page.fixture";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const doc = (id: string, rows: FixtureRow[]): SourceDocument => ({ id, name: `${id}.pdf`, contentType: "application/pdf", pages: [layoutPage(rows)] });

// Request forms written in our own words, in the layouts payers and clinics use: two-column label | value tables,
// headings with the values in the row below, and a quantity written over days in one box.
const LAYOUTS: [layout: string, rows: FixtureRow[], drug: string, quantity: number, days: number][] = [
  [
    "a clinic's two-column form titled with the request types",
    [
      [["Coverage Request", 40]],
      [["Prior Authorization / Step Therapy / Quantity Limit", 40]],
      [["Member name", 40], ["Orla Penhallow", 200]],
      [["Drug requested", 40], ["Januvia (sitagliptin) 100 mg tablet", 200]],
      [["Qty", 40], ["30", 200]],
      [["Days' supply", 40], ["30", 200]],
      [["Diagnosis", 40], ["E11.9 Type 2 diabetes mellitus", 200]],
      [["Other medications", 40], ["metformin 500 mg tab", 200]],
    ],
    "januvia", 30, 30,
  ],
  [
    "a payer fax form with headings over boxes, the strength label beside the drug's",
    [
      [["Medication Information", 40]],
      [["Medication:", 40], ["Strength and Route of Administration:", 200], ["Quantity:", 420]],
      [["sumatriptan 100 mg", 40], ["100 mg tablet, oral", 200], ["9 / 30 days", 420]],
    ],
    "sumatriptan", 9, 30,
  ],
  [
    "a form with 'Quantity requested' and '# of days'",
    [
      [["Requested medication:", 40], ["ondansetron 8 mg tablet", 200]],
      [["Quantity requested:", 40], ["18 tablets", 200]],
      [["# of days:", 40], ["28", 200]],
    ],
    "ondansetron", 18, 28,
  ],
];

describe.each(LAYOUTS)("%s", (_layout, rows, drug, quantity, days) => {
  const facts = extractIntake([doc("form", rows)], { referenceYear: 2025 });
  it(`requests ${drug}, quantity ${quantity} over ${days} days`, () => {
    expect(facts.medicationRequests.map((m) => m.name.toLowerCase().split(/\s/)[0])).toEqual([drug]);
    expect(facts.medicationRequests[0]).toMatchObject({ quantity, daysSupply: days });
  });
  it("never takes the requested drug for one tried before, nor a label's words for a drug", () => {
    expect(facts.priorTreatments.map((t) => t.drug.toLowerCase())).not.toContainEqual(expect.stringContaining(drug));
    expect(facts.medicationRequests.map((m) => m.name)).not.toContainEqual(expect.stringMatching(/strength|route/i));
  });
});

describe("a pharmacy claims table beside the request form", () => {
  const claims = doc("claims", [
    [["Pharmacy Claims History", 40]],
    [["Fill date", 40], ["Drug", 120], ["Qty", 300], ["Days supply", 360], ["Status", 440]],
    [["08/12/2025", 40], ["metformin HCl 1000 mg tab", 120], ["60", 300], ["30", 360], ["Paid", 440]],
    [["09/10/2025", 40], ["metoprolol succinate ER 50 mg tab", 120], ["30", 300], ["30", 360], ["Paid", 440]],
  ]);
  it("reads its rows as claims, not as medication requests or drugs tried", () => {
    const facts = extractIntake([doc("form", LAYOUTS[0][1]), claims], { referenceYear: 2025 });
    expect(facts.medicationRequests.map((m) => m.name)).toEqual(["Januvia (sitagliptin)"]);
    expect(facts.priorTreatments.flatMap((t) => t.evidence).filter((e) => e.documentId === "claims")).toEqual([]);
  });
});

describe.each([
  ["Prior Authorization / Step Therapy / Age Limit", true],
  ["Step Therapy Exception Request Form", true],
  ["Step therapy: list the drugs tried and failed", false],
  ["Prior medications tried for this condition:", false],
])("isRequestTitle(%s)", (text, title) => {
  it(`is ${title ? "" : "not "}a form title`, () => expect(isRequestTitle(text)).toBe(title));
});

describe.each([
  ["Strength and", true],
  ["Route of", true],
  ["Medicaid", false],
  ["sumatriptan 50 mg", false],
  ["Tylenol and", false],
])("isLabelStart(%s)", (text, start) => {
  it(`is ${start ? "" : "not "}the start of a label`, () => expect(isLabelStart(text)).toBe(start));
});

describe.each([
  ["9 / 30 days", { quantity: 9, unit: null, days: 30 }],
  ["18 tablets per 28 days", { quantity: 18, unit: "tablets", days: 28 }],
  ["#60 every 30 days", { quantity: 60, unit: null, days: 30 }],
  ["30", null],
  ["1 tablet daily", null],
])("quantityOverDays(%s)", (text, expected) => {
  it("reads the quantity and the days", () => expect(quantityOverDays(text)).toEqual(expected));
});
