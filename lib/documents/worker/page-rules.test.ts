import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageNeedsOcr } from "./page-rules.mjs";

// data/ocr-page-cases.tsv: page text (JSON string escapes allowed) | OCR needed (yes/no) | reason | what the row is.
const rows = fs
  .readFileSync(path.join(import.meta.dirname, "..", "data", "ocr-page-cases.tsv"), "utf8")
  .split("\n")
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => {
    const [text, needed, reason, note] = line.split("\t");
    return { text: JSON.parse(`"${text.replace(/"/g, '\\"')}"`) as string, needed: needed === "yes", reason: reason || null, note };
  });

describe.each(rows)("pageNeedsOcr: $note", ({ text, needed, reason }) => {
  it(needed ? `needs recognition (${reason})` : "keeps its text layer", () => {
    expect(pageNeedsOcr(text)).toEqual({ needed, reason });
  });
});
