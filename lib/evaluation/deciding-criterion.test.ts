import { describe, expect, it } from "vitest";
import { quotedPassages, readsPassage } from "./deciding-criterion";

describe("quotedPassages", () => {
  it.each([
    ['Step Therapy Criteria: "Prior use of Metformin within the last 90 days." (also QL: "Limited to a Daily Dose of 1")', ["Prior use of Metformin within the last 90 days.", "Limited to a Daily Dose of 1"]],
    ['Requirements/Limits: "QL (18 tabs every 28 days)" (legend: "QL")', ["QL (18 tabs every 28 days)"]],
    ["no quotes here", []],
  ])("%s", (text, expected) => expect(quotedPassages(text)).toEqual(expected));
});

describe("readsPassage", () => {
  const passages = ["Prior use of Metformin within the last 90 days.", "QL - 9 for 30 days supply"];
  it.each([
    ["Prior use of metformin within the last 90 days", true],
    ["Step therapy: Prior use of Metformin  within the last 90 days. Second line: Januvia", true],
    ["QL - 9 for 30 days supply", true],
    ["9 for 30 days", true],
    ["Covered for Patients Up to Age 18", false],
    ["QL", false],
  ])("%s -> %s", (quote, expected) => expect(readsPassage(quote, passages)).toBe(expected));
});

describe("readsPassage over a row quote that interleaves another column's wrapped cells", () => {
  const passages = ["ST - Claims for formulary Brand Statins will process if there is a paid claim for a generic statin within the past 90 days."];
  it.each([
    // the name column wraps beside the criterion: its cells stand between the criterion's words, at separators
    ["ST - Claims for formulary Brand 20 mg oral tablet) | Statins will process if there is a paid claim for a generic statin within the past 90 days.", true],
    ["ST - Claims for formulary Brand | Statins will process if 40 mg | there is a paid claim for a generic statin within the past 90 days.", true],
    // words left out inside the criterion's own cell, or another criterion: not this one
    ["ST - Claims for formulary Brand Statins will process if there is a paid claim for a generic statin within the past 180 days. | Tier 2", false],
    ["ST - Claims for formulary Brand | Statins will process if there is no claim for a generic statin within the past 90 days.", false],
    ["QL - 30 for 30 days supply | Statins will process", false],
  ])("%s -> %s", (quote, expected) => expect(readsPassage(quote, passages)).toBe(expected));
});
