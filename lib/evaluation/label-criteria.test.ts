import { describe, expect, it } from "vitest";
import { quoteReadsLabel } from "./label-criteria";

// label | step's policy quote | texts of its groups | reads it
const ROWS: [string, string, string, boolean][] = [
  ["Must provide documentation that patient’s baseline CNS-LS score>13", "Must provide documentation that patient's baseline CNS-LS score>13", "", true],
  ["Diagnosis ... clinical atherosclerotic cardiovascular disease (ASCVD)", "clinical atherosclerotic cardiovascular disease (ASCVD), meaning a history of myocardial infarction", "Diagnosis of one of the following:", true],
  ["Diagnosis ... clinical atherosclerotic cardiovascular disease (ASCVD)", "clinical atherosclerotic cardiovascular disease (ASCVD), meaning a history of myocardial infarction", "", false],
  ["high-intensity statin ... together with ezetimibe for at least 8 continuous weeks", "the patient has taken a high-intensity statin (atorvastatin 40 mg) together with ezetimibe for at least 8 continuous weeks", "", true],
  // The parts must stand in order.
  ["ezetimibe ... high-intensity statin", "the patient has taken a high-intensity statin together with ezetimibe", "", false],
  // A label leading with its row or column name.
  ["Other Criteria: lifetime limit ... may not exceed 24 months", "Lifetime limit: total treatment with parathyroid hormone analogs may not exceed 24 months.", "", true],
  ["QL 1 unit per day", "1 unit per day.", "", true],
  ["Exclusion Criteria: Use together with another drug for osteoporosis", "Exclusion Criteria: Use together with another drug for osteoporosis (a bisphosphonate)", "", true],
  // A label quoting as one sentence what the criteria split into alternatives reads each alternative.
  ["Must not have had an adequate clinical response to surgery, radiation, bromocriptine mesylate OR surgical resection is not an option", "surgical resection is not an option", "", true],
  // Another criterion of the same section does not read it.
  ["Member is 6 years of age or older", "MYDAYIS – member must be 13 years of age or older", "", false],
  ["QL 1 unit per day", "Once-daily long-acting products: 2 units per day", "", false],
];

describe("which step reads a labelled criterion", () => {
  it.each(ROWS)("%s <- %s (groups: %s): %s", (label, quote, context, expected) => {
    expect(quoteReadsLabel(quote, label, context)).toBe(expected);
  });
});
