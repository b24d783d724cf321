import { describe, expect, it } from "vitest";
import { scopedProducts } from "./drug-scope";

// A sentence that opens with the products it is about applies to those products only; any other sentence to all.
const ROWS: [text: string, products: string[] | null][] = [
  ["MYDAYIS – member must be 13 years of age or older", ["MYDAYIS"]],
  ["AZSTARYS, DYANAVEL XR, QELBREE and XELSTRYM – 6 years of age or older.", ["AZSTARYS", "DYANAVEL XR", "QELBREE", "XELSTRYM"]],
  ["Repatha: prescribed by a cardiologist", ["Repatha"]],
  ["Member is 6 years of age or older.", null],
  ["Once-daily long-acting products: 1 unit per day (DAYTRANA 1 patch per day).", null],
  ["Exclusion Criteria: Use together with another drug for osteoporosis (a bisphosphonate, denosumab).", null],
  ["Diagnosis of ADHD – confirmed by a specialist", null],
];

describe.each(ROWS)("%s", (text, products) => {
  it(products ? `applies to ${products.join(", ")}` : "applies to every product", () => expect(scopedProducts(text)).toEqual(products));
});
