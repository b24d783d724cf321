import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDurationDays } from "@/lib/lexicon/dates";

// durations.cases.tsv: what the row shows | text | days ("none": the text states no duration).
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "durations.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, text, days] = l.split("\t");
    return { shows, text, days: days === "none" ? null : Number(days) };
  });

describe.each(ROWS)("$shows: $text", ({ text, days }) => {
  it(`${days ?? "no duration"}`, () => expect(parseDurationDays(text)).toBe(days));
});
