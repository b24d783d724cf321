// Recognised requirement cells put into a drug list page whose limits column is symbols: what the reader makes of
// each outcome of text recognition (read, read with low confidence, read as no code, not read with a reason), as a
// table; and which cells are asked for (cells-to-recognise.ts), the requested drugs' first.
import { describe, expect, it } from "vitest";
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { RecognisedCell } from "@/lib/documents/worker/recognise-cells.mjs";
import { isVerbatim } from "../../verbatim-quote";
import type { CriterionNode } from "../../types";
import type { DrugPolicySection } from "../types";
import { cellsToRecognise } from "./cells-to-recognise";
import { MIN_CELL_CONFIDENCE, withRecognisedCells } from "./recognised-cells";
import { formularyReader } from "./reader";
import { drugListPage, UNREADABLE_LIMITS } from "./limits-column.fixture";

const SYMBOLS = UNREADABLE_LIMITS;

// A drug list page as its text layer gives it: the limits column in a font without a usable text map.
const page: PdfPage = drugListPage(SYMBOLS);

const criteriaOf = (s: DrugPolicySection): CriterionNode[] => {
  const root = s.policy.sections[0]?.criteria;
  return root && root.kind === "group" ? (root.children.filter((c) => c.kind === "criterion") as CriterionNode[]) : [];
};

/** The ondansetron row's cell as recognition left it. */
const result = (outcome: { text: string; confidence: number } | { text: null; reason: string }): RecognisedCell =>
  ({ page: 1, line: 1, cell: 2, anchor: { x0: 99, text: "ondansetron hcl tab 8 mg" }, occurrence: 0, x0: 406, x1: 602, ...outcome }) as RecognisedCell;

describe.each([
  {
    outcome: "read with good confidence",
    cell: result({ text: "QL (18 tabs every 28 days)", confidence: 93 }),
    check: { kind: "quantity_limit", value: 18, unit: "tabs", perDays: 28 },
    quote: { text: "QL (18 tabs every 28 days)", recognised: true, confidence: 93 },
    manualSays: null,
  },
  {
    outcome: "read with low confidence",
    cell: result({ text: "QL (16 tabs every 28 days)", confidence: MIN_CELL_CONFIDENCE - 1 }),
    check: { kind: "manual" },
    quote: { text: "ondansetron hcl tab 8 mg" },
    manualSays: `confidence ${MIN_CELL_CONFIDENCE - 1} only`,
  },
  {
    outcome: "read as words that open with no code",
    cell: result({ text: "See the plan website", confidence: 95 }),
    check: { kind: "manual" },
    quote: { text: "ondansetron hcl tab 8 mg" },
    manualSays: 'read "See the plan website", which opens with no requirement code',
  },
  {
    outcome: "not read: the per-document cap",
    cell: result({ text: null, reason: "text recognition stopped at the limit of 1 cells per document (PA_OCR_MAX_CELLS)" }),
    check: { kind: "manual" },
    quote: { text: "ondansetron hcl tab 8 mg" },
    manualSays: "PA_OCR_MAX_CELLS",
  },
  {
    outcome: "read as empty",
    cell: result({ text: "", confidence: 0 }),
    check: { kind: "manual" },
    quote: { text: "ondansetron hcl tab 8 mg" },
    manualSays: "found no text in the cell",
  },
])("a limits cell $outcome", ({ cell, check, quote, manualSays }) => {
  const pages = withRecognisedCells([page], [cell]);
  const reading = formularyReader.read(pages);
  const section = reading.sections.find((s) => s.drugs.names.includes("ondansetron"))!;
  const [criterion] = criteriaOf(section);

  it("gives the criterion the reader can stand behind", () => {
    expect(criteriaOf(section)).toHaveLength(1);
    expect(criterion.check).toEqual(check);
    if (manualSays) expect(criterion.text).toContain(manualSays);
  });

  it("quotes the page as it now reads, saying when the quote was recognised", () => {
    expect(criterion.quote).toEqual({ page: 1, ...quote });
    expect(isVerbatim(pages, criterion.quote)).toBe(true);
  });

  it("leaves the other rows as they were (symbols stay unreadable)", () => {
    const other = reading.sections.find((s) => s.drugs.names.includes("zolpidem"))!;
    expect(criteriaOf(other).map((c) => [c.check.kind, c.rule])).toEqual([["manual", "formulary.unreadable-requirements"]]);
    expect(reading.sections.some((s) => s.drugs.names.includes("celecoxib"))).toBe(false);
  });
});

describe("an empty limits cell recognised beside a row (the column drawn as an image)", () => {
  const plain: PdfPage = { ...page, text: page.text.replace(` | ${SYMBOLS[0]}`, "").replace(` | ${SYMBOLS[1]}`, ""), layout: { width: 612, lines: page.layout!.lines.map((l, i) => (i === 0 ? l : l.slice(0, 2))) } };
  const cell = (text: string, confidence: number): RecognisedCell => ({ page: 1, line: 2, cell: null, anchor: { x0: 99, text: "zolpidem tartrate tab 10 mg" }, occurrence: 0, x0: 406, x1: 602, text, confidence });

  it("adds the recognised text as the row's requirements cell, at the column's place", () => {
    const [out] = withRecognisedCells([plain], [cell("PA; QL (30 per 30 days)", 90)]);
    expect(out.text.split("\n")[2]).toBe("zolpidem tartrate tab 10 mg | 1 | PA; QL (30 per 30 days)");
    expect(out.layout!.lines[2]).toEqual([[99, 231], [372, 381], [406, 602]]);
    const section = formularyReader.read([out]).sections.find((s) => s.drugs.names.includes("zolpidem"))!;
    expect(criteriaOf(section).map((c) => c.check.kind)).toContain("quantity_limit");
    expect(criteriaOf(section).every((c) => c.quote.recognised === true && c.quote.confidence === 90)).toBe(true);
  });

  it.each([["", 0], ["PA; QL (30 per 30 days)", MIN_CELL_CONFIDENCE - 1]])("adds nothing for %j at confidence %i", (text, confidence) => {
    const [out] = withRecognisedCells([plain], [cell(text, confidence)]);
    expect(out.text).toBe(plain.text);
  });
});

describe("which cells are asked for", () => {
  it("asks for each symbols cell with the requirements column's bounds and the line's anchor", () => {
    const { cells, leftOut } = cellsToRecognise([page]);
    expect(leftOut).toEqual([]);
    expect(cells).toEqual([
      { page: 1, line: 1, cell: 2, anchor: { x0: 99, text: "ondansetron hcl tab 8 mg" }, occurrence: 0, x0: 406, x1: 602 },
      { page: 1, line: 2, cell: 2, anchor: { x0: 99, text: "zolpidem tartrate tab 10 mg" }, occurrence: 0, x0: 406, x1: 602 },
    ]);
  });

  it("puts the requested drug's rows first, and with focusOnly leaves the others out", () => {
    expect(cellsToRecognise([page], { focus: ["Ambien (zolpidem) 10 mg"] }).cells.map((c) => c.line)).toEqual([2, 1]);
    const focused = cellsToRecognise([page], { focus: ["zolpidem 10 mg tablet"], focusOnly: true });
    expect(focused.cells.map((c) => c.line)).toEqual([2]);
    expect(focused.leftOut.map((c) => c.line)).toEqual([1]);
  });

  it("asks for empty cells only on a page whose requirements column has no text at all", () => {
    // The celecoxib row is empty beside rows with (symbol) text: nothing to read there.
    expect(cellsToRecognise([page]).cells.some((c) => c.cell === null)).toBe(false);
    const plain: PdfPage = { ...page, text: page.text.replace(` | ${SYMBOLS[0]}`, "").replace(` | ${SYMBOLS[1]}`, ""), layout: { width: 612, lines: page.layout!.lines.map((l, i) => (i === 0 ? l : l.slice(0, 2))) } };
    expect(cellsToRecognise([plain]).cells.map((c) => [c.line, c.cell])).toEqual([[1, null], [2, null], [3, null]]);
  });
});
