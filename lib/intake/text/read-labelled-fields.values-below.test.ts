import { describe, expect, it } from "vitest";
import { layoutPage, type FixtureRow } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

const values = (rows: FixtureRow[]) => readLabelledFields(layoutPage(rows)).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

describe("readLabelledFields: values written below or around their label", () => {
  it("reads a section heading that is also the field, with an instruction after its colon, from the line below", () => {
    const rows: FixtureRow[] = [
      [["Drug requested: (please list name, strength and dosing schedule)", 36]],
      [["Ustekinumab 90mg", 50], ["90 mg under the skin at week 0 and week 4, then every 12 weeks", 390]],
      [["Quantity: 3 syringes", 36]],
    ];
    expect(values(rows)).toEqual([
      "medication.drug=Ustekinumab 90mg",
      "medication.directions=90 mg under the skin at week 0 and week 4, then every 12 weeks",
      "medication.quantity=3 syringes",
    ]);
  });

  it("takes what was written after 'Other' below a printed list of choices whose boxes were lost", () => {
    const rows: FixtureRow[] = [
      [["Medication requested:", 36]],
      [["Rituximab 100mg/10ml vial", 50]],
      [["Rituximab 500mg/50ml vial", 50]],
      [["Other (please specify): Ocrelizumab", 50]],
      [["ICD10:", 36]],
    ];
    expect(values(rows)[0]).toBe("medication.drug=Ocrelizumab");
  });

  it("reads no choice when every printed choice is left as printed", () => {
    const rows: FixtureRow[] = [
      [["Medication requested:", 36]],
      [["Rituximab 100mg/10ml vial", 50]],
      [["Rituximab 500mg/50ml vial", 50]],
      [["Diagnosis: Multiple sclerosis", 36]],
    ];
    expect(values(rows)).toEqual(["medication.drug=", "diagnosis.diagnosis=Multiple sclerosis"]);
  });

  it("reads a value under the blank a label leaves, up to the next field's cell", () => {
    const rows: FixtureRow[] = [
      [["Dose:", 36], ["Frequency of therapy: two cycles", 217], ["Duration of Therapy:", 432]],
      [["10mcg/day", 75]],
    ];
    expect(values(rows)).toContain("medication.directions=10mcg/day");
  });

  it("joins a two-line value centred on its label, its first line above", () => {
    const rows: FixtureRow[] = [
      [["PRESCRIBER DETAILS", 100], ["MEMBER DETAILS", 380]],
      [["Adult Neurology", 74], ["whose starred items are left empty", 305]],
      [["Specialty:", 36], ["* Tax ID:", 172], ["cannot be reviewed.*", 305]],
      [["and Sleep Medicine", 74], ["941234567", 185]],
    ];
    expect(values(rows)).toContain("prescriber.specialty=Adult Neurology and Sleep Medicine");
  });
});
