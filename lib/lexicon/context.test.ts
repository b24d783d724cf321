import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categoriesIn, contextOfPhrase } from "./context";

// context-cases.tsv: what the row shows | sentence | mention | categories ("asserted" = none). Sentences written for
// these tests in the styles clinicians use (dictated prose, terse abbreviations, templated review of systems).
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "context-cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, sentence, mention, categories] = l.split("\t");
    return { shows, sentence, mention, categories: categories === "asserted" ? [] : categories.split(",").map((c) => c.trim()) };
  });

describe.each(ROWS)("$shows: $sentence", ({ sentence, mention, categories }) => {
  it(`${mention}: ${categories.join(", ") || "asserted"}`, () => {
    expect(contextOfPhrase(sentence, mention)?.sort()).toEqual([...categories].sort());
  });
});

describe("the table", () => {
  it("covers every category, both directions, scope ends and pseudo-triggers", () => {
    const shows = new Set(ROWS.map((r) => r.shows));
    for (const s of ["negated forward", "negated backward", "negated scope", "pseudo", "planned", "hypothetical", "historical", "family", "uncertain"]) expect(shows).toContain(s);
  });
});

describe("a mention not in the text", () => {
  it("has no context", () => expect(contextOfPhrase("No fever.", "rash")).toBeNull());
});

// A line that is one item or heading: the categories its own words give it, wherever they stand.
const LINES: [string, string[]][] = [
  ["Initial Proposed Maintenance Phase:", ["planned"]],
  ["Intrathecal Methotrexate: plan to administer on day 8", ["planned"]],
  ["Vincristine: to be given weekly x 4", ["planned"]],
  ["Induction Phase: 03/2024 - 04/2024", []],
  ["Doxorubicin, Cisplatin (3 cycles), completed 05/2024", []],
  ["Consolidation: no increase in toxicity", []],
  ["Dexrazoxane given to prevent cardiotoxicity", ["hypothetical"]],
  ["Methotrexate: start 04/01/2024, 3 cycles", ["planned"]],
  ["Cytarabine (start: 04/01/2024), 3 cycles", []],
];

describe.each(LINES)("categoriesIn(%j)", (line, categories) => {
  it(`is ${categories.join(", ") || "asserted"}`, () => expect(categoriesIn(line).sort()).toEqual([...categories].sort()));
});
