import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sexFrom } from "./sex-choice";

const CASES = fs
  .readFileSync(path.join(import.meta.dirname, "sex-choice.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t") as [string, string]);

describe("sexFrom", () => {
  it.each(CASES)("%j -> %s", (value, expected) => expect(sexFrom(value)).toBe(expected === "none" ? null : expected));
});
