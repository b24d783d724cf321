// Formularies this project has never seen, written here in our own words in the layouts payers publish, drawn as
// PDFs at table positions and read through readPdf + the reader: a preferred drug list whose criteria stand in a
// column (wrapped over lines, several codes in one cell, category headings between rows), and a formulary whose
// codes point to footnotes. Also: a limits column whose text layer is symbols is flagged, and the same page as text
// recognition (OCR) returns it reads like any other.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { allQuotes } from "../../enforce-verbatim-quotes";
import type { CriterionNode } from "../../types";
import { isVerbatim } from "../../verbatim-quote";
import { readPolicyDocument } from "../read-policy-document";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { formularyReader } from "./reader";
import { drugListPage, UNREADABLE_LIMITS } from "./limits-column.fixture";

/** A line of a page: [x, text] items at one baseline; `gap` lines of space before it. */
type Row = { items: [number, string][]; size?: number; gap?: number };

async function pdfOf(pages: Row[][], footer: (page: number) => Row[] = () => []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const draw = (page: PDFPage, row: Row, y: number, f: PDFFont) => row.items.forEach(([x, text]) => page.drawText(text, { x, y, size: row.size ?? 9, font: f }));
  pages.forEach((rows, index) => {
    const page = doc.addPage([612, 792]);
    let y = 750;
    for (const row of rows) {
      y -= (row.gap ?? 0) * 12;
      draw(page, row, y, row.size && row.size > 9 ? bold : font);
      y -= 12;
    }
    let fy = 60;
    for (const row of footer(index + 1)) {
      draw(page, row, fy, font);
      fy -= 11;
    }
  });
  return doc.save();
}

const r = (...items: [number, string][]): Row => ({ items });

const criteriaOf = (s: DrugPolicySection): CriterionNode[] => {
  const root = s.policy.sections[0]?.criteria;
  return root && root.kind === "group" ? (root.children.filter((c) => c.kind === "criterion") as CriterionNode[]) : [];
};
const only = (reading: PolicyDocumentReading, name: string) => {
  const found = reading.sections.filter((s) => s.drugs.names.some((n) => n.toLowerCase() === name.toLowerCase()));
  expect(found.map((s) => s.label), name).toHaveLength(1);
  return found[0];
};
const checks = (s: DrugPolicySection) => criteriaOf(s).map((c) => c.check);

// Columns of the preferred drug list: drug, status, criteria.
const [NAME, STATUS, CRIT] = [48, 250, 345];
const PDL_HEADER = r([NAME, "Drug Name"], [STATUS, "Preferred Status"], [CRIT, "Clinical Criteria"]);
const PDL: Row[][] = [
  [
    { items: [[48, "Lakeshore Community Health Plan - Preferred Drug List"]], size: 13 },
    r([48, "Effective 03/01/2026"]),
    { items: [[48, "Codes used in this list"]], gap: 1 },
    r([60, "PA = Prior authorization required before the plan pays"]),
    r([60, "QL = Quantity limit applies"]),
    r([60, "ST = Step therapy required"]),
    r([60, "AL = Age limit applies"]),
    { ...PDL_HEADER, gap: 1 },
    r([36, "DIABETES - GLP-1 RECEPTOR AGONISTS"]),
    r([NAME, "Trulicity (dulaglutide) pen"], [STATUS, "Non-preferred"], [CRIT, "PA - Requires a paid claim for metformin"]),
    r([CRIT, "within the past 120 days; for members 18"]),
    r([CRIT, "years of age and older"]),
    r([NAME, "Ozempic (semaglutide) pen"], [STATUS, "Preferred"], [CRIT, "QL - 4 pens per 28 days"]),
    r([NAME, "Byetta (exenatide) pen"], [STATUS, "Non-preferred"], [CRIT, "ST - Trial of a GLP-1 agonist such as"]),
    r([CRIT, "Ozempic within the last 180 days"]),
    r([NAME, "insulin glargine-yfgn (Semglee)"], [STATUS, "Preferred"]),
    r([NAME, "prefilled pen"]),
    r([36, "MIGRAINE - TRIPTANS AND CGRP ANTAGONISTS"]),
    r([NAME, "rizatriptan 10 mg disintegrating"], [STATUS, "Preferred"], [CRIT, "QL - 12 tablets per 30 days"]),
    r([NAME, "tablet"]),
    r([NAME, "Nurtec ODT (rimegepant)"], [STATUS, "Non-preferred"], [CRIT, "PA"]),
  ],
  [
    PDL_HEADER,
    r([36, "MIGRAINE - TRIPTANS AND CGRP ANTAGONISTS (CONTINUED)"]),
    r([NAME, "Emgality (galcanezumab)"], [STATUS, "Non-preferred"], [CRIT, "PA; covered for members age 18 and older;"]),
    r([NAME, "autoinjector"], [CRIT, "QL - 1 pen per 30 days"]),
    r([36, "RESPIRATORY - LEUKOTRIENE MODIFIERS"]),
    r([NAME, "montelukast 4 mg chewable tablet"], [STATUS, "Preferred"], [CRIT, "AL - covered through age 14"]),
    r([110, "LTRA AGENTS"]),
    r([NAME, "zafirlukast 20 mg tablet"], [STATUS, "Non-preferred"], [CRIT, "ST - Requires a paid claim for a 30-day"]),
    r([CRIT, "supply of montelukast within the past 90 days"]),
  ],
];
const PDL_FOOTER = (page: number) => [r([48, "Lakeshore Community Health Plan PDL"], [520, `Page ${page} of 2`])];

// The footnoted formulary: drug, tier, notes; markers after the codes, footnotes under the table on every page.
const FN: Row[][] = [
  [
    { items: [[48, "Harborview Health 2026 Formulary"]], size: 13 },
    r([48, "Updated 01/15/2026"]),
    { items: [[48, "PA - Prior Authorization"]], gap: 1 },
    r([48, "QL - Quantity Limit"]),
    r([48, "ST - Step Therapy"]),
    { items: [[60, "Drug Name"], [300, "Tier"], [380, "Notes"]], gap: 1 },
    r([40, "Analgesics"]),
    r([60, "celecoxib 200 mg capsule"], [304, "2"], [380, "PA*"]),
    r([60, "ibuprofen 800 mg tablet"], [304, "1"]),
    r([40, "Migraine"]),
    r([60, "eletriptan 40 mg tablet"], [304, "2"], [380, "ST\u2021"]),
    r([60, "sumatriptan 50 mg tablet"], [304, "1"], [380, "QL\u2020"]),
    r([60, "rizatriptan 10 mg tablet"], [304, "2"], [380, "ST - Requires a paid claim for"]),
  ],
  [
    { items: [[60, "Drug Name"], [300, "Tier"], [380, "Notes"]] },
    r([380, "sumatriptan within the past 60 days"]),
    r([40, "Stomach acid"]),
    r([60, "esomeprazole magnesium 40 mg"], [304, "3"], [380, "QL\u2020, ST\u2021"]),
    r([60, "delayed-release capsule"]),
  ],
];
const FN_FOOTER = () => [
  r([48, "* Covered for members 18 years of age and older; requires a diagnosis of osteoarthritis or rheumatoid arthritis."]),
  r([48, "\u2020 Limited to 9 units per 30 days."]),
  r([48, "\u2021 Requires a paid claim for a generic triptan such as sumatriptan within the past 90 days."]),
];

describe("a preferred drug list with criteria in a column", () => {
  let pages: PdfPage[];
  let reading: PolicyDocumentReading;
  beforeAll(async () => {
    pages = (await readPdf(await pdfOf(PDL, PDL_FOOTER))).pages;
    reading = readPolicyDocument(pages);
  });

  it("is a formulary, one section per drug row with a requirement, each quote verbatim", () => {
    expect(formularyReader.detect(pages)).toBeGreaterThanOrEqual(0.5);
    expect(reading.family).toBe("formulary");
    expect(reading.effectiveDate).toBe("2026-03-01");
    expect(reading.sections.map((s) => s.label)).toEqual([
      "Trulicity (dulaglutide) pen",
      "Ozempic (semaglutide) pen",
      "Byetta (exenatide) pen",
      "rizatriptan 10 mg disintegrating tablet",
      "Nurtec ODT (rimegepant)",
      "Emgality (galcanezumab) autoinjector",
      "montelukast 4 mg chewable tablet",
      "zafirlukast 20 mg tablet",
    ]);
    const quotes = reading.sections.flatMap((s) => allQuotes(s.policy));
    expect(quotes.filter((q) => !isVerbatim(pages, q))).toEqual([]);
  });

  it("binds brand and generic names", () => {
    expect(only(reading, "dulaglutide").drugs.names).toEqual(expect.arrayContaining(["Trulicity", "dulaglutide"]));
    expect(only(reading, "rizatriptan").drugs.names).toContain("rizatriptan");
  });

  it("reads a PA criterion wrapped over three lines into a look-back step and an age", () => {
    const trulicity = only(reading, "Trulicity");
    expect(checks(trulicity)).toEqual([
      expect.objectContaining({ kind: "step_therapy", drugs: ["metformin"], withinDays: 120 }),
      { kind: "age", min: 18 },
    ]);
    expect(criteriaOf(trulicity)[0].quote.text).toBe("PA - Requires a paid claim for metformin within the past 120 days; for members 18 years of age and older");
  });

  it("reads quantity limits and class step therapy inline", () => {
    expect(checks(only(reading, "Ozempic"))).toEqual([{ kind: "quantity_limit", value: 4, unit: "pens", perDays: 28 }]);
    expect(checks(only(reading, "rizatriptan"))).toEqual([{ kind: "quantity_limit", value: 12, unit: "tablets", perDays: 30 }]);
    expect(checks(only(reading, "Byetta"))).toEqual([expect.objectContaining({ kind: "step_therapy", drugClasses: ["glp1_agonist"], examples: ["Ozempic"], withinDays: 180 })]);
    expect(checks(only(reading, "zafirlukast"))).toEqual([expect.objectContaining({ kind: "step_therapy", drugs: ["montelukast"], withinDays: 90, minSupplyDays: 30 })]);
  });

  it("reads two codes of one cell, an inline age limit, and leaves a bare PA to a person with its legend line", () => {
    expect(checks(only(reading, "Emgality"))).toEqual([{ kind: "age", min: 18 }, { kind: "quantity_limit", value: 1, unit: "pen", perDays: 30 }]);
    expect(only(reading, "Emgality").requirementCodes).toEqual(["PA", "QL"]);
    expect(checks(only(reading, "montelukast"))).toEqual([{ kind: "age", max: 14 }]);
    const [pa] = criteriaOf(only(reading, "Nurtec"));
    expect(pa.check).toEqual({ kind: "manual" });
    expect(pa.quote).toEqual({ page: 1, text: "PA" });
    expect(pa.notes?.[0].quote.text).toBe("PA = Prior authorization required before the plan pays");
  });

  it("gives no section to a drug without requirements, nor takes a category heading into a name", () => {
    expect(reading.sections.some((s) => /glargine/.test(s.label))).toBe(false);
    expect(reading.sections.some((s) => /MIGRAINE|RESPIRATORY|LTRA/.test(s.label))).toBe(false);
  });
});

describe("a formulary whose codes point to footnotes", () => {
  let pages: PdfPage[];
  let reading: PolicyDocumentReading;
  beforeAll(async () => {
    pages = (await readPdf(await pdfOf(FN, FN_FOOTER))).pages;
    reading = readPolicyDocument(pages);
  });

  it("follows each marked code to its footnote, quoting the footnote", () => {
    expect(reading.family).toBe("formulary");
    const celecoxib = only(reading, "celecoxib");
    expect(checks(celecoxib)).toEqual([{ kind: "age", min: 18 }, expect.objectContaining({ kind: "diagnosis" })]);
    expect(criteriaOf(celecoxib)[0].quote.text).toMatch(/^\* Covered for members 18 years of age and older/);
    expect(criteriaOf(celecoxib)[0].rule).toBe("footnote.al.n-and-older");
    expect(checks(only(reading, "eletriptan"))).toEqual([expect.objectContaining({ kind: "step_therapy", drugClasses: ["triptan"], examples: ["sumatriptan"], withinDays: 90 })]);
    expect(checks(only(reading, "sumatriptan"))).toEqual([{ kind: "quantity_limit", value: 9, unit: "units", perDays: 30 }]);
  });

  it("continues a row past a page break under the repeated header, quoting each page's part", () => {
    const riza = only(reading, "rizatriptan");
    expect(riza.pages).toEqual([1, 2]);
    const [st] = criteriaOf(riza);
    expect(st.check).toMatchObject({ kind: "step_therapy", drugs: ["sumatriptan"], withinDays: 60 });
    expect(st.quote).toEqual({ page: 1, text: "ST - Requires a paid claim for" });
    expect(st.notes?.[0]).toEqual({ text: "Continued on page 2", quote: { page: 2, text: "sumatriptan within the past 60 days" } });
  });

  it("reads a row on page 2 with two footnoted codes and a wrapped name", () => {
    const eso = only(reading, "esomeprazole magnesium 40 mg delayed-release capsule");
    expect(eso.pages).toEqual([2]);
    expect(eso.requirementCodes).toEqual(["QL\u2020", "ST\u2021"]);
    expect(checks(eso).map((c) => c.kind)).toEqual(["quantity_limit", "step_therapy"]);
    expect(reading.sections.some((s) => /ibuprofen/.test(s.label))).toBe(false);
    const quotes = reading.sections.flatMap((s) => allQuotes(s.policy));
    expect(quotes.filter((q) => !isVerbatim(pages, q))).toEqual([]);
  });
});

describe("a requirements column without a usable text map", () => {
  // The same drug list page twice: as its text layer gives it (symbols) and as text recognition reads the image.
  const page = drugListPage;
  const garbled = [page(UNREADABLE_LIMITS)];
  const ocr = [page(["QL (18 tabs every 28 days)", "QL (15 tabs every 30 days)"])];

  it("flags the rows' limits as unreadable instead of guessing", () => {
    const reading = formularyReader.read(garbled);
    expect(reading.sections.map((s) => [s.drugs.names[0], criteriaOf(s).map((c) => [c.check.kind, c.rule])])).toEqual([
      ["ondansetron", [["manual", "formulary.unreadable-requirements"]]],
      ["zolpidem", [["manual", "formulary.unreadable-requirements"]]],
    ]);
  });

  it("reads the OCR'd page like any other", () => {
    const reading = formularyReader.read(ocr);
    expect(reading.sections.map((s) => [s.drugs.names[0], checks(s)])).toEqual([
      ["ondansetron", [{ kind: "quantity_limit", value: 18, unit: "tabs", perDays: 28 }]],
      ["zolpidem", [{ kind: "quantity_limit", value: 15, unit: "tabs", perDays: 30 }]],
    ]);
  });
});
