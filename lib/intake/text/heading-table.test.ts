import { describe, expect, it } from "vitest";
import { layoutPage, type FixtureRow } from "./layout-page.fixture";
import { pageLines } from "@/lib/documents/layout/page-lines";
import { cellsByHeading, rowLines, wrappedHeadings } from "./heading-table";
import { readLabelledFields } from "./read-labelled-fields";

const lines = (rows: FixtureRow[]) => pageLines(layoutPage(rows));
const values = (rows: FixtureRow[]) => readLabelledFields(layoutPage(rows)).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

describe("wrappedHeadings: a heading row written on two lines", () => {
  it.each<[string, FixtureRow[], string[] | null]>([
    ["one heading's last word below it", [[["Drug name", 56], ["Quantity / days", 400]], [["supply", 400]]], ["Drug name", "Quantity / days supply"]],
    ["two headings carried on", [[["Drug", 56], ["Quantity / days", 418], ["Start", 513]], [["supply", 418], ["date", 513]]], ["Drug", "Quantity / days supply", "Start date"]],
    ["a row of values, not words of a heading", [[["Name", 56], ["Sex", 300]], [["Jane Roe", 56], ["F", 300]]], null],
    ["a word under no heading", [[["Name", 56], ["Sex", 300]], [["supply", 200]]], null],
    ["a number below", [[["Name", 56], ["Quantity", 300]], [["30", 300]]], null],
  ])("%s", (_, rows, expected) => {
    const [heading, next] = lines(rows);
    expect(wrappedHeadings(heading, next)).toEqual(expected);
  });
});

describe("rowLines: a table row whose cells wrap onto the lines below", () => {
  const heading: FixtureRow = [["Drug name", 56], ["Directions", 252], ["Quantity", 400]];
  it.each<[string, FixtureRow[], number]>([
    ["cells carried on in lower case, a digit or a bracket", [heading, [["Repatha SureClick (evolocumab)", 56], ["Inject 140 mg", 252], ["2 pens (2", 400]], [["140 mg/mL auto-injector", 56], ["every 14 days", 252], ["mL)", 400]]], 2],
    ["a capitalised drug below: the next row", [heading, [["Humira 40 mg", 56], ["Inject", 252], ["2", 400]], [["Enbrel 50 mg", 56], ["Inject", 252], ["4", 400]]], 1],
    ["a drug's name in lower case below: the next row", [heading, [["Humira 40 mg", 56], ["Inject", 252], ["2", 400]], [["adalimumab 40 mg", 56], ["inject", 252], ["2", 400]]], 1],
    ["a cell under a heading that had none", [[["Drug name", 56], ["Directions", 252], ["Quantity", 400]], [["Humira 40 mg", 56], ["2", 400]], [["daily", 252]]], 1],
    ["a cell after one left open", [heading, [["Repatha SureClick and", 56], ["Inject", 252], ["2", 400]], [["Evolocumab", 56]]], 2],
  ])("%s", (_, rows, count) => {
    const page = lines(rows);
    expect(rowLines(page, 1, page[0].cells, (t) => /^(?:enbrel|adalimumab)/i.test(t))).toHaveLength(count);
  });
});

describe("cellsByHeading: a number typed past its column's edge", () => {
  it.each<[string, FixtureRow[], string[]]>([
    ["a quantity run into from the drug's cell", [[["Drug name, strength, dosage form", 44], ["Quantity", 250], ["Days supply", 400]], [["DEXILANT (dexlansoprazole) DR 60 mg capsule 30", 42], ["30", 400]]], ["DEXILANT (dexlansoprazole) DR 60 mg capsule", "30", "30"]],
    ["a long name runs on: words are not split off", [[["Drug name", 44], ["Quantity", 150], ["Days supply", 400]], [["Repatha SureClick evolocumab autoinjector", 42], ["30", 400]]], ["Repatha SureClick evolocumab autoinjector", "30"]],
    ["the column has its own cell: nothing split", [[["Drug name, strength, dosage form", 44], ["Quantity", 250]], [["Nexium capsule 40", 42], ["30", 250]]], ["Nexium capsule 40", "30"]],
  ])("%s", (_, rows, expected) => {
    const [heading, row] = lines(rows);
    expect(cellsByHeading(heading.cells, row).map((c) => c.text)).toEqual(expected);
  });
});

describe("readLabelledFields: a request's drug table with wrapped headings and cells", () => {
  it("reads the quantity over days under a two-line heading and joins each wrapped cell", () => {
    const rows: FixtureRow[] = [
      [["DRUG REQUESTED", 52]],
      [["Drug name and strength", 56], ["Directions", 252], ["Quantity / days", 400], ["Start date", 507]],
      [["supply", 400]],
      [["Repatha SureClick (evolocumab)", 56], ["Inject 140 mg subcutaneously", 252], ["2 auto-injectors (2", 400], ["upon", 507]],
      [["140 mg/mL auto-injector", 56], ["every 14 days", 252], ["mL) / 28 days", 400], ["approval", 507]],
      [["DIAGNOSIS", 52]],
    ];
    expect(values(rows)).toEqual([
      "medication.drug=Repatha SureClick (evolocumab) 140 mg/mL auto-injector",
      "medication.directions=Inject 140 mg subcutaneously every 14 days",
      "medication.quantity=2 auto-injectors (2 mL) / 28 days",
      "diagnosis.diagnosis=",
    ]);
  });

  it("ends a row's value at the next row of labels", () => {
    const rows: FixtureRow[] = [
      [["13 Drug name", 44], ["14 Quantity", 312], ["15 Days supply", 445]],
      [["Nexium 40 mg", 42], ["30", 312], ["30", 445]],
      [["16 Directions for use", 44], ["17 Diagnosis code", 312]],
      [["1 capsule daily", 42], ["K21.9", 312]],
      [["19 Diagnosis (description)", 44]],
    ];
    expect(values(rows)).toContain("medication.directions=1 capsule daily");
  });
});
