import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkboxLineAt, readCheckboxLine } from "./checkbox-answer";

// checkbox-answer.cases.tsv: what the row shows | line | statement | answer ("none": not a check box line).
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "checkbox-answer.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, line, statement, answer] = l.split("\t");
    return { shows, line, statement, answer };
  });

describe.each(ROWS)("$shows: $line", ({ line, statement, answer }) => {
  it(answer, () => {
    const read = readCheckboxLine(line);
    if (answer === "none") expect(read).toBeNull();
    else expect({ statement: read?.statement, answer: read?.answer }).toEqual({ statement, answer });
  });
});

describe("a position in a page", () => {
  const page = "Criteria questions\n3. Trial of ketoconazole ≥30 days within past 60 days | [ ] Yes [X] No\nDeclined ketoconazole.";
  it("on a check box line", () => expect(checkboxLineAt(page, page.indexOf("ketoconazole"))?.answer).toBe("no"));
  it("on a sentence", () => expect(checkboxLineAt(page, page.lastIndexOf("ketoconazole"))).toBeNull());
});
