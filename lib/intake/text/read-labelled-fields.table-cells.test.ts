import { describe, expect, it } from "vitest";
import { layoutPage, type FixtureRow } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

const values = (rows: FixtureRow[]) => readLabelledFields(layoutPage(rows)).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

// Tables of label | value | label | value rows whose cells the text layer does not keep apart, and boxed forms
// beside a side bar: small layouts, as the PDF reader stores them (5 pt per character).
describe("readLabelledFields: label and value cells of a table", () => {
  it("starts a field at a known label typed up against the value before it, at a column's start", () => {
    const rows: FixtureRow[] = [
      [["Beneficiary Name", 43], ["Elliot Yilmaz", 149], ["DOB", 309], ["05-13-1975", 415]],
      [["Prescriber Name", 43], ["Carlos Abernathy, MD", 149], ["NPI Number", 309], ["1445067659", 415]],
      [["Specialty", 43], ["Endocrinology", 149], ["Phone", 309], ["(214) 555-3018", 415]],
      [["Drug Requested", 43], ["Forteo (teriparatide) 620 mcg/2 Dispense Quantity", 149], ["1", 415]],
    ];
    expect(values(rows)).toEqual(expect.arrayContaining(["medication.drug=Forteo (teriparatide) 620 mcg/2", "medication.quantity=1"]));
  });

  it.each([
    ["its value lost by the recogniser", [["Drug Requested", 43], ["Forteo (teriparatide) 620 mcg/2.48 Dispense Quantity", 149]]],
    ["no value typed", [["Medication", 43], ["Humira (adalimumab) 40 mg/0.4mL Qty requested", 149]]],
  ] as [string, FixtureRow][])("reads a row whose last label, typed up against a value, has %s as a row of values, not of headings", (_, row) => {
    const rows: FixtureRow[] = [
      [["Beneficiary Name", 43], ["Elliot Yilmaz", 149], ["DOB", 309], ["05-13-1975", 415]],
      [["Prescriber Name", 43], ["Carlos Abernathy, MD", 149], ["NPI Number", 309], ["1445067659", 415]],
      [["Specialty", 43], ["Endocrinology", 149], ["Phone", 309], ["(214) 555-3018", 415]],
      row,
      [["Supply (days)", 43], ["28", 149]],
    ];
    const read = values(rows);
    expect(read.find((v) => v.startsWith("medication.drug="))).toBe(`medication.drug=${row[1][0].replace(/ (?:Dispense Quantity|Qty requested)$/, "")}`);
    expect(read.filter((v) => v.startsWith("medication.quantity=") && v !== "medication.quantity=")).toEqual([]);
  });

  // The fixture gives 5 pt a character: after a label of 20 or 21 characters and a space, the value starts at the
  // next column (149).
  it.each([
    ["Prescriber specialty Adult Neurology", "prescriber.specialty=Adult Neurology"],
    ["Member Date of Birth 12/03/1944", "patient.dob=12/03/1944"],
    ["Days supply requested 30", "medication.daysSupply=30"],
  ])("reads a label at its cell's start typed up against its value at the next column's start: %j", (cell, expected) => {
    const rows: FixtureRow[] = [
      [["Beneficiary Name", 43], ["Elliot Yilmaz", 149], ["Member #", 309], ["W73397478", 415]],
      [["Prescriber Name", 43], ["Carlos Abernathy, MD", 149], ["NPI Number", 309], ["1445067659", 415]],
      [["Phone", 43], ["(214) 555-3018", 149]],
      [[cell, 43]],
    ];
    expect(values(rows)).toContain(expected);
  });

  it("reads no value from words after a label that stop short of the next column", () => {
    const rows: FixtureRow[] = [
      [["Beneficiary Name", 43], ["Elliot Yilmaz", 149], ["Member #", 309], ["W73397478", 415]],
      [["Prescriber Name", 43], ["Carlos Abernathy, MD", 149], ["NPI Number", 309], ["1445067659", 415]],
      [["Phone", 43], ["(214) 555-3018", 149]],
      [["Specialty if known", 43]],
    ];
    expect(values(rows).filter((v) => v.startsWith("prescriber.specialty"))).toEqual([]);
  });

  it.each([
    ["under a row of headings", [[["Specialty", 43], ["Phone", 243]], [["SECTION C - MEDICATION", 40]]]],
    ["under a label alone", [[["Specialty", 43]], [["SECTION C - MEDICATION", 40]]]],
    ["under a label alone, a role's heading", [[["Specialty:", 43]], [["Medication Information", 43]]]],
  ] as [string, FixtureRow[]][])("reads no value from the next section's heading %s", (_, rows) => {
    expect(values([[["Prescriber Name", 43], ["Carlos Abernathy, MD", 149]], ...rows, [["Drug Name", 43], ["Humira 40 mg", 149]]]).filter((v) => /specialty|phone/.test(v) && !v.endsWith("="))).toEqual([]);
  });

  it("keeps a label's words inside a value that is not at a column's start", () => {
    const rows: FixtureRow[] = [
      [["Beneficiary Name", 43], ["Elliot Yilmaz", 149], ["DOB", 309], ["05-13-1975", 415]],
      [["Prescriber Name", 43], ["Carlos Abernathy, MD", 149], ["NPI Number", 309], ["1445067659", 415]],
      [["Specialty", 43], ["Endocrinology", 149], ["Phone", 309], ["(214) 555-3018", 415]],
      [["Drug Requested", 43], ["Humira Quantity", 149], ["1", 415]],
    ];
    const read = values(rows);
    expect(read).toContain("medication.drug=Humira Quantity 1");
    expect(read.filter((v) => v.startsWith("medication.quantity"))).toEqual([]);
  });

  it("reads a label written on two lines of its box, with its value's second line", () => {
    const rows: FixtureRow[] = [
      [["Prescribing Physician", 43], ["Samuel Yilmaz, MD", 149], ["NPI", 309], ["1751611108", 415]],
      [["Drug name and", 43], ["Vyvanse (lisdexamfetamine) 30", 149], ["Dispense Quantity", 309], ["30", 415]],
      [["strength", 43], ["mg capsule", 149]],
      [["# of Days", 43], ["30", 149]],
    ];
    const read = values(rows);
    expect(read).toEqual(expect.arrayContaining(["medication.drug=Vyvanse (lisdexamfetamine) 30 mg capsule", "medication.quantity=30", "medication.daysSupply=30"]));
    expect(read.filter((v) => v.startsWith("medication.strength"))).toEqual([]);
  });

  it("reads values under headings past the lines of a side bar beside the table", () => {
    const rows: FixtureRow[] = [
      [["This form is also used for:", 461]],
      [["Patient's Name", 44], ["DOB", 244]],
      [["Repatha SureClick", 461]],
      [["Tomasz Yilmaz", 44], ["01-19-2003", 244], ["Praluent", 461]],
    ];
    expect(values(rows)).toEqual(["patient.name=Tomasz Yilmaz", "patient.dob=01-19-2003"]);
  });

  it.each([
    ["Qty per fill", "quantity"],
    ["Supply (days)", "daysSupply"],
    ["Qty requested", "quantity"],
  ])("knows the label %j", (label, kind) => {
    expect(values([[[`${label}:`, 44], ["30", 200]]])).toEqual([`medication.${kind}=30`]);
  });

  it("joins a value's second line in its box, beside its label, in a form of two columns", () => {
    const rows: FixtureRow[] = [
      [["MEMBER INFORMATION", 40], ["Provider Information", 248]],
      [["Patient Name: Samuel Osei", 40], ["Prescribing Physician: Rosa Okafor,", 248]],
      [["Date of Birth:", 40], ["08-04-1958", 116], ["MD", 366]],
      [["ID Number:", 40], ["W19120306", 116], ["Prescriber Specialty:", 248], ["Pediatric", 366]],
      [["Neurologist", 366]],
      [["Phone:", 248], ["(234) 555-6216", 366]],
    ];
    expect(values(rows)).toEqual(expect.arrayContaining(["prescriber.name=Rosa Okafor, MD", "prescriber.specialty=Pediatric Neurologist", "patient.dob=08-04-1958"]));
  });

  it("takes nothing from the next line when a label stands at the label's place", () => {
    const rows: FixtureRow[] = [
      [["Specialty:", 40], ["Pediatrics", 140]],
      [["Phone:", 40], ["(234) 555-6216", 140]],
      [["Name:", 40], ["Jo Roe", 140]],
      [["Oncology", 40], ["Neurology", 140]],
    ];
    expect(values(rows)).toEqual(expect.arrayContaining(["prescriber.specialty=Pediatrics"]));
  });
});
