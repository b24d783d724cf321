import { describe, expect, it } from "vitest";
import type { LabResult } from "@/lib/intake/types";
import { referenceRange } from "./reference-range";

/** A lab whose value is the first occurrence of `value` in `line`, on a one-page document. */
function rangeOf(line: string, value: string) {
  const start = line.indexOf(value);
  const lab: LabResult = { name: "x", value, unit: null, date: null, evidence: [{ documentId: "d", page: 1, start, end: start + value.length, quote: value, field: "value" } as LabResult["evidence"][number]] };
  const range = referenceRange(lab, [{ id: "d", name: "d.pdf", contentType: "application/pdf", pages: [{ page: 1, text: line }] }]);
  return range ? { low: range.low, high: range.high, flag: range.flag, quote: range.evidence.quote } : null;
}

describe("referenceRange: the laboratory's range as written beside the value", () => {
  it.each([
    // line, value, expected
    ["IGF-1 612 ng/mL (ULN 300)", "612 ng/mL", { high: 300, quote: "ULN 300" }],
    ["IGF-1 612 ng/mL, upper limit of normal 300", "612 ng/mL", { high: 300, quote: "upper limit of normal 300" }],
    ["Ferritin 9 ng/mL (LLN: 20)", "9 ng/mL", { low: 20, quote: "LLN: 20" }],
    ["ALT 80 U/L (ref 7-56)", "80 U/L", { low: 7, high: 56, quote: "7-56" }],
    ["CRP | 25 mg/L | <5 mg/L", "25 mg/L", { high: 5, quote: "<5" }],
    ["Hgb 9.0 L", "9.0", { flag: "low", quote: "L" }],
  ])("%s", (line, value, expected) => {
    expect(rangeOf(line, value)).toEqual({ low: undefined, high: undefined, flag: undefined, ...expected });
  });

  it("reads no limit from a multiple of it", () => {
    expect(rangeOf("IGF-1 612 ng/mL, 2.3x ULN", "612 ng/mL")).toBeNull();
  });
});
