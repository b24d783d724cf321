import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readNamedScores } from "./named-score";

// named-score.cases.tsv: what the row shows | measure | a line of a document | the values read, "value@date".
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "named-score.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, measure, text, values] = l.split("\t");
    return { shows, measure, text, values };
  });

describe.each(ROWS)("$shows: $text", ({ measure, text, values }) => {
  it(values, () => {
    const read = readNamedScores([{ id: "d", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }], measure, { referenceYear: 2025 });
    expect(read.map((s) => `${s.value}@${s.date ?? "-"}`).join("; ") || "none").toBe(values);
  });
});
