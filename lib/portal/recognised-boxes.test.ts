import { describe, expect, it } from "vitest";
import { recognisedQuoteBoxes, type Recognition } from "./recognised-boxes";

// A letter-size page (792 / 612 high): "Jane Doe" on a line near the top left of the upright page.
const words: Recognition["words"] = [
  [61.2, 79.2, 110.2, 91.2, "Patient:"],
  [122.4, 79.2, 153, 91.2, "Jane"],
  [159.1, 79.2, 189.7, 91.2, "Doe,"],
  [61.2, 118.8, 110.2, 130.8, "DOB"],
];
const aspect = 792 / 612;
const round = (b: { left: number; top: number; width: number; height: number }) => [b.left, b.top, b.width, b.height].map((n) => Math.round(n * 1000) / 1000);

describe.each([
  // [rotation, the first box of "Jane Doe" on the page as drawn: left, top, width, height (fractions)]
  [0, [0.2, 0.1, 0.05, 0.015]],
  [180, [0.75, 0.885, 0.05, 0.015]],
])("recognisedQuoteBoxes: a page read turned %i degrees", (rotation, first) => {
  it("boxes each word of the quote, turned back to the page as drawn", () => {
    const boxes = recognisedQuoteBoxes({ confidence: 88, rotation, words }, "Jane Doe", aspect);
    expect(boxes).toHaveLength(2);
    expect(round(boxes[0])).toEqual(first);
  });
});

describe("recognisedQuoteBoxes: matching", () => {
  it("ignores case and punctuation, and finds nothing for words not recognised in order", () => {
    expect(recognisedQuoteBoxes({ confidence: 90, rotation: 0, words }, "jane doe", aspect)).toHaveLength(2);
    expect(recognisedQuoteBoxes({ confidence: 90, rotation: 0, words }, "Doe Jane", aspect)).toEqual([]);
    expect(recognisedQuoteBoxes({ confidence: 90, rotation: 0, words }, "", aspect)).toEqual([]);
  });

  it("turns a page read sideways (90 degrees) so boxes stay on the page", () => {
    const boxes = recognisedQuoteBoxes({ confidence: 90, rotation: 90, words }, "Jane", 612 / 792);
    expect(boxes).toHaveLength(1);
    for (const n of round(boxes[0])) expect(n).toBeGreaterThanOrEqual(0);
    expect(boxes[0].left + boxes[0].width).toBeLessThanOrEqual(1);
    expect(boxes[0].top + boxes[0].height).toBeLessThanOrEqual(1);
  });
});

describe("recognisedQuoteBoxes: a quote from a table", () => {
  // A scanned table: the prose names CNS-LS first, then the header row and two rows, each word boxed.
  const table: Recognition["words"] = [
    [60, 60, 110, 72, "CNS-LS"], [115, 60, 170, 72, "repeated."],
    [60, 100, 120, 112, "Instrument"], [220, 100, 250, 112, "Date"], [380, 100, 410, 112, "Score"],
    [60, 120, 105, 132, "CNS-LS"], [220, 120, 285, 132, "08/29/2025"], [380, 120, 392, 132, "21"],
    [60, 140, 100, 152, "PHQ-9"], [220, 140, 285, 152, "09/29/2025"], [380, 140, 388, 152, "6"],
  ];
  const recognition = { confidence: 90, rotation: 0, words: table };

  it.each([
    ["each cell of the row, on the row (not the prose's CNS-LS)", "CNS-LS | 08/29/2025 | 21", [120, 120, 120]],
    ["a cell of the row below is not this row's", "CNS-LS | 09/29/2025 | 6", []],
  ])("%s", (_name, quote, tops) => {
    expect(recognisedQuoteBoxes(recognition, quote, aspect).map((b) => Math.round(b.top * 612 * aspect))).toEqual(tops);
  });
});
