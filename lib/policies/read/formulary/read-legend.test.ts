// The legend of requirement codes, in the shapes books print it; a code the vocabulary does not know takes its kind
// from the legend's wording, and rows that use it are read by that kind.
import { describe, expect, it } from "vitest";
import type { PdfPage } from "@/lib/documents/read-pdf";
import { pageLines } from "./page-lines";
import { readFormulary } from "./read-formulary";
import { readLegend } from "./read-legend";

const page = (n: number, text: string): PdfPage => ({ page: n, text });

describe.each([
  // line | expected entries [code, kind, quote]
  ["PA | Prior Authorization Required", [["PA", "prior_authorization", "PA | Prior Authorization Required"]]],
  ["QL - Quantity Limits", [["QL", "quantity_limit", "QL - Quantity Limits"]]],
  ["PA** - PA Applied if Step Not Met", [["PA**", "prior_authorization", "PA** - PA Applied if Step Not Met"]]],
  ["AL = Age limit applies", [["AL", "age_limit", "AL = Age limit applies"]]],
  [
    "• PA: Prior Authorization is required • ST: Step Therapy is required • QL: Quantity Limits apply",
    [
      ["PA", "prior_authorization", "PA: Prior Authorization is required"],
      ["ST", "step_therapy", "ST: Step Therapy is required"],
      ["QL", "quantity_limit", "QL: Quantity Limits apply"],
    ],
  ],
  ["XQ - Quantity limit per fill", [["XQ", "quantity_limit", "XQ - Quantity limit per fill"]]],
  ["PA | thioguanine", []],
  ["PA | thioguanine | TABLOID", []],
  ["SP | Specialty Program", [["SP", "informational", "SP | Specialty Program"]]],
])("legend line %j", (line, entries) => {
  it("gives its entries with verbatim quotes", () => {
    expect(readLegend(pageLines([page(1, line)])).map((e) => [e.code, e.kind, e.quote.text])).toEqual(entries);
  });
});

describe("a code only the document's legend defines", () => {
  it("reads rows that use it by the legend's kind, quoting the legend line", () => {
    const reading = readFormulary([
      page(1, ["XQ - Quantity limit per fill", "Drug Name | Drug Tier | Requirements/Limits", "widgetamab 10 mg tablet | 2 | XQ - 30 tablets per 30 days", "plainazole 5 mg tablet | 1"].join("\n")),
    ]);
    expect(reading.sections).toHaveLength(1);
    const [c] = (reading.sections[0].policy.sections[0].criteria as { children: { check: unknown; notes?: { quote: { text: string } }[] }[] }).children;
    expect(c.check).toEqual({ kind: "quantity_limit", value: 30, unit: "tablets", perDays: 30 });
    expect(c.notes?.[0].quote.text).toBe("XQ - Quantity limit per fill");
  });
});
