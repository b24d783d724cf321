import { describe, expect, it } from "vitest";
import { drugNameWords, sameDrug, SAME_DRUG } from "./same-drug";

// a | b | threshold | same drug?
const ROWS: [string, string, keyof typeof SAME_DRUG, boolean][] = [
  // written: the vocabulary first (brand <-> generic), else one shared word of 5+ letters
  ["Epidiolex 100 mg/mL", "cannabidiol oral solution", "written", true],
  ["Afinitor Disperz", "everolimus", "written", true],
  ["prednisone", "prednisolone", "written", false],
  ["Zofran", "granisetron", "written", false],
  ["Novodrugumab 10 mg", "novodrugumab", "written", true],
  ["Zyxotrimab 10 mg injection", "Qwertimab injection", "written", false],
  // shared: one identifying word of 4+ letters, forms, units and routes aside
  ["Adalimumab 40mg", "Humira (adalimumab subcutaneous injection)", "shared", true],
  ["Dupixent", "Dupixent (dupilumab injection)", "shared", true],
  ["everolimus 10 mg tablet", "Afinitor (everolimus tablets)", "shared", true],
  ["Enbrel", "Humira (adalimumab)", "shared", false],
  ["oral solution 100 mg", "Epidiolex oral solution", "shared", false],
  // binding: every identifying word of the shorter name
  ["insulin lispro", "insulin glargine", "binding", false],
  ["insulin glargine 100 units/mL", "Insulin Glargine", "binding", true],
  ["Zyxotrimab", "Zyxotrimab (zyxo injection)", "binding", true],
  ["injection", "Zyxotrimab injection", "binding", false],
  // ingredient: every word of the first name (a combination's ingredient) in the request
  ["pioglitazone", "pioglitazone and metformin tablets", "ingredient", true],
  ["pioglitazone metformin", "pioglitazone 30 mg", "ingredient", false],
];

describe.each(ROWS)("sameDrug(%s, %s, SAME_DRUG.%s)", (a, b, threshold, same) => {
  it(`is ${same}`, () => expect(sameDrug(a, b, SAME_DRUG[threshold])).toBe(same));
});

// name | identifying words
const WORDS: [string, string[]][] = [
  ["Humira (adalimumab subcutaneous injection)", ["humira", "adalimumab"]],
  ["EPIDIOLEX 100 MG/ML oral solution", ["epidiolex"]],
  ["ondansetron hcl tab 8 mg", ["ondansetron"]],
];

describe.each(WORDS)("drugNameWords(%s)", (name, words) => {
  it(`is ${words.join(", ")}`, () => expect([...drugNameWords(name)]).toEqual(words));
});
