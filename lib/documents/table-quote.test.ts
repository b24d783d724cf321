import { describe, expect, it } from "vitest";
import { quoteCells, splitTableQuotes, tableOnPages, tableQuote, tableQuotesInWords } from "./table-quote";

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

describe("splitTableQuotes", () => {
  it.each([
    ["an answer citing a table row", "Yes: note.pdf p. 2: “CNS-LS | 08/29/2025 | 21”.", [{ kind: "text", text: "Yes: note.pdf p. 2: " }, { kind: "table", quote: "CNS-LS | 08/29/2025 | 21" }, { kind: "text", text: "." }]],
    ["straight quotes too", 'Found "PHQ-9 | 09/29/2025 | 6" only', [{ kind: "text", text: "Found " }, { kind: "table", quote: "PHQ-9 | 09/29/2025 | 6" }, { kind: "text", text: " only" }]],
    ["a quote of prose stays text", "Yes: “seizures continue”.", [{ kind: "text", text: "Yes: “seizures continue”." }]],
    ["no quote", "Criterion 1 met.", [{ kind: "text", text: "Criterion 1 met." }]],
  ])("%s", (_name, text, expected) => {
    expect(splitTableQuotes(text)).toEqual(expected);
  });
});

describe("tableOnPages", () => {
  it("finds the headers on the page that has the row, else gives the cells alone", () => {
    expect(tableOnPages(["Cover page", PAGE], "CNS-LS | 08/29/2025 | 21")).toEqual({ headers: ["Instrument", "Date", "Score"], rows: [["CNS-LS", "08/29/2025", "21"]] });
    expect(tableOnPages(["Cover page"], "CNS-LS | 08/29/2025 | 21")).toEqual({ headers: null, rows: [["CNS-LS", "08/29/2025", "21"]] });
  });
});

describe("tableQuotesInWords", () => {
  it("writes a quoted row as its cells under their headers, for a letter", () => {
    expect(tableQuotesInWords("Met: note.pdf p. 2: “CNS-LS | 08/29/2025 | 21”.", ["Cover", PAGE])).toBe("Met: note.pdf p. 2: “Instrument: CNS-LS, Date: 08/29/2025, Score: 21”.");
    expect(tableQuotesInWords("Met: “CNS-LS | 08/29/2025 | 21”.", [])).toBe("Met: “CNS-LS, 08/29/2025, 21”.");
    expect(tableQuotesInWords("No table here.", [PAGE])).toBe("No table here.");
  });
});
