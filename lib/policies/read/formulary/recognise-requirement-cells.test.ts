// A drug list whose Requirements/Limits column is drawn as images (written here, in our own words, in the layout such
// lists use): the cells are rendered, recognised in a worker thread and read like text, with their quotes flagged as
// recognised; the per-document cell cap leaves the rest unread with the reason. Slow (tesseract): run under the
// heavy lock.
import { beforeAll, describe, expect, it } from "vitest";
import { recogniseCellsInWorker } from "@/lib/documents/recognise-cells-in-worker";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { isVerbatim } from "../../verbatim-quote";
import type { CriterionNode } from "../../types";
import { readPolicyDocument } from "../read-policy-document";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { cellsToRecognise } from "./cells-to-recognise";
import { imageLimitsDrugList, type ImageLimitsRow } from "./image-limits-drug-list.fixture";
import { recogniseRequirementCells } from "./recognise-requirement-cells";

const ROWS: ImageLimitsRow[] = [
  { drug: "rizatriptan tab 10 mg", tier: "2", limits: "PA; QL (30 per 30 days)" },
  { drug: "eletriptan tab 40 mg", tier: "3", limits: "QL (6 tabs every 30 days)" },
  { drug: "sertraline tab 50 mg", tier: "1", limits: null },
];

const drugListPdf = () => imageLimitsDrugList("Harborview Health Plan", ROWS, "MIGRAINE AND MOOD AGENTS");

const criteriaOf = (s: DrugPolicySection): CriterionNode[] => {
  const root = s.policy.sections[0]?.criteria;
  return root && root.kind === "group" ? (root.children.filter((c) => c.kind === "criterion") as CriterionNode[]) : [];
};
const sectionOf = (reading: PolicyDocumentReading, name: string) => reading.sections.find((s) => s.drugs.names.includes(name)) ?? null;

describe("a drug list whose limits column is an image", () => {
  let bytes: Uint8Array;
  let pages: PdfPage[];
  let recognised: PdfPage[];
  let reading: PolicyDocumentReading;

  beforeAll(async () => {
    bytes = await drugListPdf();
    pages = (await readPdf(bytes)).pages;
    const run = await recogniseRequirementCells(bytes, pages);
    expect(run.cells).toEqual({ asked: 3, recognised: 2, unread: 0 });
    recognised = run.pages;
    reading = readPolicyDocument(recognised);
  }, 180_000);

  it("has no requirement in its text layer: no drug row reads as limited", () => {
    const plain = readPolicyDocument(pages);
    expect(plain.family).toBe("formulary");
    expect(ROWS.map((r) => sectionOf(plain, r.drug.split(" ")[0]))).toEqual([null, null, null]);
  });

  it("reads the codes and the quantity limit from the image, quoted as recognised text", () => {
    const riza = sectionOf(reading, "rizatriptan")!;
    const criteria = criteriaOf(riza);
    expect(riza.requirementCodes).toEqual(["PA", "QL"]);
    // PA with no criteria in the book is a person's step; the quantity limit is checked.
    expect(criteria.map((c) => c.check)).toEqual([{ kind: "manual" }, { kind: "quantity_limit", value: 30, unit: "units", perDays: 30 }]);
    for (const c of criteria) {
      expect(c.quote.text).toBe("PA; QL (30 per 30 days)");
      expect(c.quote.recognised).toBe(true);
      expect(c.quote.confidence).toBeGreaterThanOrEqual(75);
      expect(isVerbatim(recognised, c.quote)).toBe(true);
    }
    const ele = sectionOf(reading, "eletriptan")!;
    expect(criteriaOf(ele).map((c) => c.check)).toEqual([{ kind: "quantity_limit", value: 6, unit: "tabs", perDays: 30 }]);
  });

  it("finds nothing beside a row with no picture", () => {
    expect(sectionOf(reading, "sertraline")).toBeNull();
  });

  it("stops at the per-document cell cap and says why for the rest", async () => {
    const { cells } = cellsToRecognise(pages);
    const read = await recogniseCellsInWorker(bytes, cells, { limits: { maxCells: 1 } });
    expect(read[0].text).toBe("PA; QL (30 per 30 days)");
    // The second picture is not recognised; the row beside no picture costs no recognition and reads as empty.
    expect(read.slice(1).map((r) => [r.text, r.reason])).toEqual([
      [null, "text recognition stopped at the limit of 1 cells per document (PA_OCR_MAX_CELLS)"],
      ["", undefined],
    ]);
  }, 120_000);
});
