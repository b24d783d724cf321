import { describe, expect, it } from "vitest";
import { quoteCells, tableQuote } from "./table-quote";

const PAGE = [
  "Neurology progress note",
  "Pseudobulbar affect secondary to ALS. Scales below.",
  "Instrument | Date | Score",
  "CNS-LS | 08/29/2025 | 21",
  "PHQ-9 | 09/29/2025 | 6",
].join("\n");

describe("tableQuote", () => {
  it.each([
    ["a row under its headers, found by its text", PAGE, "CNS-LS | 08/29/2025 | 21", undefined, { headers: ["Instrument", "Date", "Score"], rows: [["CNS-LS", "08/29/2025", "21"]] }],
    ["a row further down the same block", PAGE, "PHQ-9 | 09/29/2025 | 6", undefined, { headers: ["Instrument", "Date", "Score"], rows: [["PHQ-9", "09/29/2025", "6"]] }],
    ["a row found by its stored span", PAGE, "CNS-LS | 08/29/2025 | 21", PAGE.indexOf("CNS-LS"), { headers: ["Instrument", "Date", "Score"], rows: [["CNS-LS", "08/29/2025", "21"]] }],
    ["the block's first line has no headers above it", PAGE, "Instrument | Date | Score", undefined, { headers: null, rows: [["Instrument", "Date", "Score"]] }],
    ["headers that do not line up with the row are not shown", "Name | Value\nCNS-LS | 08/29/2025 | 21", "CNS-LS | 08/29/2025 | 21", undefined, { headers: null, rows: [["CNS-LS", "08/29/2025", "21"]] }],
    ["a form's label and value: a row of two cells, no headers", "Member Name: | Jane Doe", "Member Name: | Jane Doe", undefined, { headers: null, rows: [["Member Name:", "Jane Doe"]] }],
    ["a quote whose whitespace differs from the page", PAGE, "CNS-LS |  08/29/2025 | 21", undefined, { headers: ["Instrument", "Date", "Score"], rows: [["CNS-LS", "08/29/2025", "21"]] }],
  ])("%s", (_name, page, quote, spanStart, expected) => {
    expect(tableQuote(page, quote, spanStart)).toEqual(expected);
  });

  it.each([
    ["prose", "Pseudobulbar affect secondary to ALS."],
    ["a single cell", "21 |"],
  ])("is no table for %s", (_name, quote) => {
    expect(tableQuote(PAGE, quote)).toBeNull();
    expect(quoteCells(quote)).toBeNull();
  });
});
