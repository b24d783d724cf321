import { describe, expect, it } from "vitest";
import { findColumnContinued, findVerbatim, isVerbatim } from "./verbatim-quote";

// A table's page text as the PDF reader gives it: one line per printed line, cells cut by " | ".
const PDL = [
  "ADDERALL XR* | ADZENYS XR-ODT | Diagnosis of attention disorder (ADHD), or | Once-daily products: 1",
  "amphetamine salts tablet | AZSTARYS | narcolepsy for agents labeled for narcolepsy. | unit per day",
  "clonidine ER tablet | COTEMPLA XR-ODT | Member is 6 years of age or older. For a member younger than 6 years, | per day).",
  "dexmethylphenidate tablet | DAYTRANA | the drug must be prescribed by a neurologist.",
].join("\n");
const BOOK = ["Required Medical | Initial: diagnosis of one of the following: osteoporosis, primary or", "Information | hypogonadal osteoporosis in a man. AND one of", "the following: a fracture"].join("\n");

describe("quotes continued down a table column", () => {
  it.each([
    ["a cell's sentence wrapped over two lines", PDL, "Diagnosis of attention disorder (ADHD), or narcolepsy for agents labeled for narcolepsy.", "Diagnosis of attention disorder (ADHD), or narcolepsy for agents labeled for narcolepsy."],
    ["a sentence starting inside a cell", PDL, "For a member younger than 6 years, the drug must be prescribed by a neurologist.", "For a member younger than 6 years, the drug must be prescribed by a neurologist."],
    ["the last column's cell", PDL, "Once-daily products: 1 unit per day per day).", "Once-daily products: 1 unit per day per day)."],
    ["a book's field beside its label's second line", BOOK, "diagnosis of one of the following: osteoporosis, primary or hypogonadal osteoporosis in a man.", "diagnosis of one of the following: osteoporosis, primary or hypogonadal osteoporosis in a man."],
    ["over three lines, the last with no label beside it", BOOK, "primary or hypogonadal osteoporosis in a man. AND one of the following: a fracture", "primary or hypogonadal osteoporosis in a man. AND one of the following: a fracture"],
  ])("%s", (_, page, text, expected) => {
    expect(findColumnContinued(page, text.split(" "))).toBe(expected);
    expect(findVerbatim(page, text)).toBe(expected);
    expect(isVerbatim([{ page: 1, text: page }], { page: 1, text: expected })).toBe(true);
  });

  it.each([
    ["a word left out", PDL, "Diagnosis of attention disorder (ADHD), narcolepsy for agents"],
    ["a cell left before its end", PDL, "Diagnosis of attention disorder narcolepsy for agents"],
    ["words of two cells of one line", PDL, "(ADHD), or Once-daily products: 1"],
    ["a line skipped", PDL, "Diagnosis of attention disorder (ADHD), or Member is 6 years"],
    ["continued in the middle of the next line's cell", PDL, "(ADHD), or for agents labeled"],
    ["one cell's words only (a plain substring, not continued)", PDL, "Member is 6 years"],
  ])("not verbatim: %s", (_, page, text) => {
    expect(findColumnContinued(page, text.split(" "))).toBeNull();
    if (text !== "Member is 6 years") expect(isVerbatim([{ page: 1, text: page }], { page: 1, text })).toBe(false);
  });
});
