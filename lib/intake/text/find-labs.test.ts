import { describe, expect, it } from "vitest";
import { findLabs } from "./find-labs";
import { layoutPage } from "./layout-page.fixture";
import { pageLines } from "@/lib/documents/layout/page-lines";

const NAME = 50;
const RESULT = 250;
const RANGE = 400;

// A chemistry report whose table runs over two pages; the header row is printed on the first page only.
const first = layoutPage([
  [["Clinical Laboratory Report", 200]],
  [["Analyte", NAME], ["Result", RESULT], ["Reference Interval", RANGE]],
  [["Blood Panel", NAME]],
  [["Erythrocyte Sedimentation", NAME], ["41 mm/hr", RESULT], ["0 - 15 mm/hr", RANGE]],
  [["Rate (ESR)", NAME]],
  [["Thrombocytes", NAME], ["312,000", RESULT], ["140,000 -", RANGE]],
  [["/μL", RESULT], ["440,000", RANGE]],
  [["Segmented (Mature", NAME], ["61%", RESULT], ["45 - 75%", RANGE]],
  [["Granulocytes)", NAME]],
  [["Ferritin", NAME], ["9 ng/mL", RESULT], ["20 - 200 ng/mL", RANGE]],
]);
const second = layoutPage([
  [["Albumin", NAME], ["3.1 g/dL", RESULT], ["3.4 - 5.4 g/dL", RANGE]],
  [["LIPIDS", NAME]],
  [["Stool Occult Blood", NAME], ["Negative", RESULT], ["Negative", RANGE]],
  [["C-Reactive Protein", NAME], ["18 mg/L", RESULT], ["< 8 mg/L", RANGE]],
]);

describe("findLabs", () => {
  const one = findLabs(pageLines(first));
  const two = findLabs(pageLines(second), {}, one.openTable);
  const read = (labs: typeof one.labs) => labs.map((l) => [l.name, l.value, l.unit]);

  it("reads a name that wrapped onto the line below its row, but not a heading above a row", () => {
    expect(read(one.labs)).toContainEqual(["Erythrocyte Sedimentation Rate (ESR)", "41", "mm/hr"]);
    expect(read(one.labs)).toContainEqual(["Segmented (Mature Granulocytes)", "61", "%"]);
    expect(read(one.labs)).toContainEqual(["Ferritin", "9", "ng/mL"]);
  });

  it("keeps thousands separators in a value", () => {
    expect(read(one.labs)).toContainEqual(["Thrombocytes", "312,000", "/μL"]);
  });

  it("reads the rows of the next page under the header of the page before", () => {
    expect(read(two.labs)).toEqual([
      ["Albumin", "3.1", "g/dL"],
      ["Stool Occult Blood", "Negative", null],
      ["C-Reactive Protein", "18", "mg/L"],
    ]);
  });

  it("quotes each part of a wrapped name", () => {
    const esr = one.labs.find((l) => l.name.startsWith("Erythrocyte"));
    expect(esr?.nameSpans.map((s) => first.text.slice(s.start, s.end))).toEqual(["Erythrocyte Sedimentation", "Rate (ESR)"]);
  });

  it("reads a table without a header row when a reference range follows the value", () => {
    const page = layoutPage([
      [["Hematology Results", 200]],
      [["Hemoglobin (Hgb)", NAME], ["10.2 g/dL", RESULT], ["12.0 - 15.5 g/dL", RANGE]],
      [["Hematocrit (Hct)", NAME], ["31% - 33%", RESULT], ["36% - 46%", RANGE]],
      [["Cytology Report 9/12/24", NAME]],
    ]);
    const labs = findLabs(pageLines(page), { referenceYear: 2024 }).labs;
    expect(read(labs)).toEqual([
      ["Hemoglobin (Hgb)", "10.2", "g/dL"],
      ["Hematocrit (Hct)", "31-33", "%"],
    ]);
    // The date of the report printed below the table is not the table's.
    expect(labs.map((l) => l.date)).toEqual([null, null]);
  });

  it("reads the result out of a reference range cell that ran into the result column", () => {
    const page = layoutPage([
      [["Chemistry Panel", 200]],
      [["Test", NAME], ["Expected", 200], ["Result", 260]],
      [["Lipase", NAME], ["13 - 60 U/L 212 U/L", 200]],
      [["Amylase", NAME], ["30 - 110 U/L", 200], ["95 U/L", 260]],
      [["Triglycerides", NAME], ["< 150 mg/dL", 200], ["288 H mg/dL", 260]],
      [["HDL", NAME], ["> 40 mg/dL", 200], ["31 L", 260]],
    ]);
    expect(read(findLabs(pageLines(page)).labs)).toEqual([
      ["Lipase", "212", "U/L"],
      ["Amylase", "95", "U/L"],
      // A high/low flag after the value is not its unit.
      ["Triglycerides", "288", "mg/dL"],
      ["HDL", "31", null],
    ]);
  });

  it.each([
    // [name cell that ran into the result column, expected name, value, unit]
    ["IGF-1 (SOMATOMEDIN C), LC/MS 612 ng/mL", "IGF-1 (SOMATOMEDIN C), LC/MS", "612", "ng/mL"],
    ["VITAMIN D, 25-HYDROXY 18 ng/mL", "VITAMIN D, 25-HYDROXY", "18", "ng/mL"],
    ["LIPOPROTEIN (a), MASS 212 H", "LIPOPROTEIN (a), MASS", "212", null],
  ])("reads the result out of a name cell that ran into the result column: %s", (merged, name, value, unit) => {
    // The result column starts where the value does: a cell is 5 pt per character wide in these pages.
    const resultX = NAME + merged.search(/\d+(?:\.\d+)?\s*(?:ng|H)/) * 5;
    const page = layoutPage([
      [["Endocrine Panel", 200]],
      [["Test", NAME], ["Result", resultX], ["Reference", resultX + 120]],
      [[merged, NAME], ["98 - 261", resultX + 120]],
    ]);
    expect(read(findLabs(pageLines(page)).labs)).toEqual([[name, value, unit]]);
  });

  it("keeps a number inside a long name that is not under the result column", () => {
    const page = layoutPage([
      [["Lab Results", 200]],
      [["Test", NAME], ["Result", 300], ["Range", 400]],
      [["Vitamin B 12 binding capacity", NAME], ["450 pg/mL", 300], ["200 - 900", 400]],
    ]);
    expect(read(findLabs(pageLines(page)).labs)).toEqual([["Vitamin B 12 binding capacity", "450", "pg/mL"]]);
  });

  it("reads no headerless table on a form that only asks for labs, and ends a name before a table's footer", () => {
    const form = layoutPage([
      [["Prior Authorization Request", 200]],
      [["Patient: Jo Park", NAME]],
      [["Clinical notes", NAME]],
      [["Attach lab results and chart notes.", NAME]],
      [["Requested dosing", NAME]],
      [["Strength", NAME], ["5 mg", RESULT], ["1 - 2 tablets daily", RANGE]],
    ]);
    expect(findLabs(pageLines(form)).labs).toEqual([]);
    const report = layoutPage([
      [["Lab Results", 200]],
      [["Test", NAME], ["Result", RESULT], ["Range", RANGE]],
      [["Magnesium", NAME], ["1.9 mg/dL", RESULT], ["1.7 - 2.2 mg/dL", RANGE]],
      [["Reviewed by", NAME]],
    ]);
    expect(read(findLabs(pageLines(report)).labs)).toEqual([["Magnesium", "1.9", "mg/dL"]]);
  });

  it("knows other header words, and a result column headed by its date", () => {
    const page = layoutPage([
      [["Component", NAME], ["03/04/2024", RESULT], ["Standard Range", RANGE]],
      [["Vitamin D, 25-Hydroxy", NAME], ["18 ng/mL", RESULT], ["30 - 100 ng/mL", RANGE]],
    ]);
    expect(findLabs(pageLines(page), { referenceYear: 2024 }).labs.map((l) => [l.name, l.value, l.unit, l.date])).toEqual([["Vitamin D, 25-Hydroxy", "18", "ng/mL", "2024-03-04"]]);
  });

  it("does not read vital signs or a dosing schedule as labs", () => {
    const page = layoutPage([
      [["Labs reviewed with the family.", 50]],
      [["Vitals:", 50]],
      [["Temperature: 99.1 F", 50]],
      [["RR: 22 /min", 50]],
      [["Week 1-4: 12 mg/day", 50]],
      [["Potassium: 3.9 mmol/L", 50]],
    ]);
    expect(read(findLabs(pageLines(page)).labs)).toEqual([["Potassium", "3.9", "mmol/L"]]);
  });
});

describe("findLabs: a note's 'Labs:' line", () => {
  it("reads each listed result with its unit and the date the lead states, and no vital sign", () => {
    const text = "Recent labs (9/14/24): Hgb 10.1 g/dL, WBC 11.2, Plt 512K; ESR 48 mm/hr, Temp 38.1, fecal calprotectin of 420 ug/g";
    const page = { page: 1, text: `Progress note\n${text}` };
    const labs = findLabs(pageLines(page), { referenceYear: 2024 }).labs;
    expect(labs.map((l) => [l.name, l.value, l.unit, l.date])).toEqual([
      ["Hgb", "10.1", "g/dL", "2024-09-14"],
      ["WBC", "11.2", null, "2024-09-14"],
      ["Plt", "512", "K", "2024-09-14"],
      ["ESR", "48", "mm/hr", "2024-09-14"],
      ["fecal calprotectin", "420", "ug/g", "2024-09-14"],
    ]);
    for (const l of labs) {
      expect(page.text.slice(l.nameSpans[0].start, l.nameSpans[0].end)).toBe(l.name);
      expect(page.text.slice(l.valueSpan.start, l.valueSpan.end).startsWith(l.value)).toBe(true);
    }
  });
});

describe("findLabs: names in text without positions", () => {
  it("joins only a part that opens with '(' or closes the name's parenthesis, never the sentence after a table", () => {
    const text = ["Lab Results", "Test | Result | Range", "Iron Binding Capacity | 410 ug/dL | 250 - 450", "(TIBC)", "Lipase | 40 U/L | 13 - 60", "Drawn fasting."].join("\n");
    expect(findLabs(pageLines({ text })).labs.map((l) => l.name)).toEqual(["Iron Binding Capacity (TIBC)", "Lipase"]);
  });
});

describe.each([
  ["Labs (01/20/2027): blood eosinophils 412 cells/uL. FEV1 58% of predicted.", [["blood eosinophils", "412", "cells/uL", "2027-01-20"]]],
  ["Labs 03/02/2026: Hgb 9.4 g/dL. Platelets 450K.", [["Hgb", "9.4", "g/dL", "2026-03-02"], ["Platelets", "450", "K", "2026-03-02"]]],
  ["Recent labs (02/11/2026): CRP 25 mg/L; ESR 41 mm/hr", [["CRP", "25", "mg/L", "2026-02-11"], ["ESR", "41", "mm/hr", "2026-02-11"]]],
])("findLabs: a note's lab line '%s'", (text, expected) => {
  it("reads each result, items ending at a comma, a semicolon or a full stop (never a decimal point)", () => {
    const page = layoutPage([[[text, 50]]]);
    expect(findLabs(pageLines(page)).labs.map((l) => [l.name, l.value, l.unit, l.date])).toEqual(expected);
  });
});
