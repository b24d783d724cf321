import { describe, expect, it } from "vitest";
import { forEachOutsideBrackets, sentenceStops } from "./sentences";

const PARAGRAPH = { stops: ".", next: /^\s+[A-Z(•]/ };
const TITLE = { stops: ".:", next: /^\s+[A-Z(]/ };

// text | stops and what follows them | the sentences' first words
const ROWS: [string, typeof PARAGRAPH, string[]][] = [
  ["Diagnosis of psoriasis. Trial of methotrexate.", PARAGRAPH, ["Diagnosis", "Trial"]],
  ["Failure of one agent (e.g. Humira. Enbrel) is required. Age 18+.", PARAGRAPH, ["Failure", "Age"]],
  ["Prescribed by a specialist, e.g. A dermatologist. Age 18+.", PARAGRAPH, ["Prescribed", "Age"]],
  ["Prescribed by Dr. Smith. Age 18+.", PARAGRAPH, ["Prescribed", "Age"]],
  ["Plaque psoriasis: Approve for 1 year. Renewal.", TITLE, ["Plaque", "Approve", "Renewal"]],
  ["Plaque psoriasis: approve for 1 year.", TITLE, ["Plaque"]],
  ["Age [see note. Below] 18 or older.", PARAGRAPH, ["Age"]],
];

describe.each(ROWS)("sentenceStops(%s)", (text, opts, firstWords) => {
  it(`starts sentences at ${firstWords.join(", ")}`, () => {
    const starts = [0, ...sentenceStops(text, opts).map((i) => i + 1)];
    expect(starts.map((s) => text.slice(s).trim().split(/\W/)[0])).toEqual(firstWords);
  });
});

describe("forEachOutsideBrackets", () => {
  it("visits only what is outside brackets, and skips what the visitor asks", () => {
    const seen: string[] = [];
    forEachOutsideBrackets("a(b[c]d)e[f]gh", (i) => void seen.push("a(b[c]d)e[f]gh"[i]));
    expect(seen.join("")).toBe("aegh");
    const skipped: number[] = [];
    forEachOutsideBrackets("abcdef", (i) => (skipped.push(i), i === 1 ? 2 : 0));
    expect(skipped).toEqual([0, 1, 4, 5]);
  });
});
