import { describe, expect, it } from "vitest";
import { scopedForms, scopedProducts } from "./drug-scope";

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

// A sentence that opens with dosage forms only applies to products of those forms ("no trial required" for granules
// is no exception for a capsule); a lead-in that names anything else is no form scope.
const FORM_ROWS: [text: string, forms: string[] | null][] = [
  ["Granules, suspensions and ODT forms: member is younger than 12 years of age or has a feeding tube (no trial required).", ["granules", "suspension", "orally disintegrating tablet"]],
  ["Oral solution – for members unable to swallow tablets.", ["oral solution"]],
  ["Chewable tablets or orally disintegrating tablets: age under 6 years.", ["chewable tablet", "orally disintegrating tablet"]],
  ["Injectable products only: prescribed by a rheumatologist.", ["injection"]],
  ["Member is younger than 12 years of age: no trial required.", null],
  ["Diagnosis of GERD – confirmed by endoscopy.", null],
  ["MYDAYIS – member must be 13 years of age or older", null],
  ["Tablets for members with GERD: 1 per day.", null],
];

describe.each(FORM_ROWS)("forms: %s", (text, forms) => {
  it(forms ? `applies to ${forms.join(", ")}` : "names no forms only", () => expect(scopedForms(text)?.sort() ?? null).toEqual(forms ? [...forms].sort() : null));
});
