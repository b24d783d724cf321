import { describe, expect, it } from "vitest";
import type { Line } from "./page-lines";
import { appendixEntryOf } from "./appendix-entry";

let index = 0;
const line = (text: string, x0 = 40, page = 3): Line => ({ page, index: index++, text, cells: [{ text, x0, x1: x0 + text.length * 4 }], boilerplate: false });

const APPENDIX = [
  line("Appendix: Prior Authorization and Step Therapy Criteria"),
  line("Nexium (esomeprazole)"),
  line("Requires a paid claim for a preferred proton pump inhibitor in the 90 days before the request.", 55),
  line("Xeljanz (tofacitinib)"),
  line("1. Diagnosis of moderately to severely active rheumatoid arthritis; and", 55),
  line("2. Trial and failure of methotrexate for at least 3 months, or a", 55),
  line("contraindication to it; and", 67),
  line("3. Member is 18 years of age or older.", 55),
  line("Otezla (apremilast)"),
  line("1. Diagnosis of plaque psoriasis; or", 55),
  line("2. Diagnosis of psoriatic arthritis.", 55),
  line("esomeprazole"),
];

describe.each([
  ["a sentence under the brand (generic)", ["Nexium", "esomeprazole"], "Nexium (esomeprazole)", [["Requires a paid claim for a preferred proton pump inhibitor in the 90 days before the request", null]]],
  [
    "numbered items, one wrapped over two lines",
    ["Xeljanz", "tofacitinib"],
    "Xeljanz (tofacitinib)",
    [
      ["Diagnosis of moderately to severely active rheumatoid arthritis", "and"],
      ["Trial and failure of methotrexate for at least 3 months, or a contraindication to it", "and"],
      ["Member is 18 years of age or older", null],
    ],
  ],
  ["items joined by or", ["Otezla", "apremilast"], "Otezla (apremilast)", [["Diagnosis of plaque psoriasis", "or"], ["Diagnosis of psoriatic arthritis", null]]],
  ["a drug with no entry", ["Eliquis", "apixaban"], null, null],
  ["a heading naming another drug as well is not the entry of one of them", ["tofacitinib"], null, null],
] as [string, string[], string | null, [string, string | null][] | null][])("appendixEntryOf: %s", (_, names, heading, items) => {
  it("finds the entry under the drug's name and its items", () => {
    const entry = appendixEntryOf(names, APPENDIX, new Set());
    expect(entry?.heading.text ?? null).toBe(heading);
    expect(entry ? entry.items.map((i) => [i.text, i.joiner]) : null).toEqual(items);
  });
});

describe("appendixEntryOf", () => {
  it("never takes a line of the drug list's rows for a heading", () => {
    const row = line("Nexium (esomeprazole)", 40, 2);
    const lines = [row, line("Requires a paid claim for omeprazole.", 55, 2)];
    expect(appendixEntryOf(["Nexium", "esomeprazole"], lines, new Set([row]))).toBeNull();
  });

  it("quotes each item's lines as the page prints them", () => {
    const entry = appendixEntryOf(["Xeljanz", "tofacitinib"], APPENDIX, new Set());
    expect(entry?.items[1].quote).toEqual({ page: 3, text: "2. Trial and failure of methotrexate for at least 3 months, or a contraindication to it; and" });
  });
});
