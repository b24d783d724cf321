import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findPriorTreatments } from "./find-prior-treatments";

// find-prior-treatments.cases.tsv: what the row shows | running text | the trials read from it, each
// "drug outcome start end days" ("-" for none), joined by "; ", or "none". What was planned, declined, asked on a
// form's check box line or never started is no trial.
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "find-prior-treatments.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, text, trials] = l.split("\t");
    return { shows, text, trials };
  });

describe.each(ROWS)("$shows: $text", ({ text, trials }) => {
  it(trials, () => {
    const found = findPriorTreatments(text, { referenceYear: 2025 }).map((t) => [t.drug, t.outcome, t.startDate ?? "-", t.endDate ?? "-", t.durationDays ?? "-"].join(" "));
    expect(found.join("; ") || "none").toBe(trials);
  });
});
