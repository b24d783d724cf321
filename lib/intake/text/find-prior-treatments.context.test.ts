import { describe, expect, it } from "vitest";
import { findPriorTreatments } from "./find-prior-treatments";

// sentence | drugs read as tried. A drug the sentence only plans or makes conditional is no trial: the context
// engine (lib/lexicon/context.ts) reads each mention, so a failed drug beside a planned one still counts.
const ROWS: [string, string[]][] = [
  ["Failed methotrexate due to nausea; will start adalimumab.", ["methotrexate"]],
  ["Given the failure of methotrexate, we plan to start adalimumab.", ["methotrexate"]],
  ["Recommend etanercept if methotrexate fails.", []],
  ["Inadequate response to sulfasalazine, would like to begin tofacitinib.", ["sulfasalazine"]],
  ["She had side effects on hydroxychloroquine and methotrexate.", ["hydroxychloroquine", "methotrexate"]],
];

describe.each(ROWS)("%s", (text, tried) => {
  it(`tried: ${tried.join(", ") || "none"}`, () => {
    expect(findPriorTreatments(text).map((t) => t.drug.toLowerCase()).sort()).toEqual([...tried].sort());
  });
});
