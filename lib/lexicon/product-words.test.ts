// The product words as tables: what in a written drug name is a form, route, packaging, salt or strength (never the
// drug), and the drug's own name that is left.
import { describe, expect, it } from "vitest";
import { bareDrugName, isProductWord, productWords, isNeverDrugName, startsStrength, type ProductWordKind } from "./product-words";

describe.each([
  // word as written | kind it is
  ["tab", "form"],
  ["Tablets", "form"],
  ["ODT", "form"],
  ["soln", "form"],
  ["xr", "form"],
  ["ext-rel", "form"],
  ["SUSR", "form"],
  ["Respimat", "form"],
  ["subq", "route"],
  ["IV", "route"],
  ["ophthalmic", "route"],
  ["pen", "packaging"],
  ["PFS", "packaging"],
  ["starter", "packaging"],
  ["hcl", "salt"],
  ["fumarate", "salt"],
  ["succinate,", "salt"],
] as [string, ProductWordKind][])("%s", (word, kind) => {
  it(`is a ${kind} word`, () => {
    expect(isProductWord(word, [kind])).toBe(true);
    expect(isProductWord(word)).toBe(true);
  });
});

describe.each([["sitagliptin"], ["Januvia"], ["insulin"], ["glargine"], ["oxybate"], ["metformin"], ["ace"]])("%s", (word) => {
  it("is no product word", () => expect(isProductWord(word)).toBe(false));
});

describe("kinds apart", () => {
  it("a salt is not a word that ends a name where salts are not asked for", () => expect(isProductWord("sodium", ["form", "route", "packaging"])).toBe(false));
  it("each kind has its words", () => {
    for (const kind of ["form", "route", "packaging", "salt"] as const) expect(productWords(kind).length).toBeGreaterThan(3);
  });
});

describe.each([
  // word | opens a strength
  ["40", true],
  ["0.5mg", true],
  [".25mg", true],
  ["100unt/ml", true],
  ["mg", false],
  ["B12", false],
])("startsStrength(%s)", (word, opens) => {
  it(`is ${opens}`, () => expect(startsStrength(word)).toBe(opens));
});

describe.each([
  // written | the drug's own name
  ["ondansetron hcl tab 8 mg", "ondansetron"],
  ["rosuvastatin calcium 20 mg oral tablet", "rosuvastatin"],
  ["zolpidem tartrate tab er 6.25 mg", "zolpidem"],
  ["montelukast tabs", "montelukast"],
  ["sitagliptin/metformin", "sitagliptin/metformin"],
  ["sumatriptan 50 mg oral tablet", "sumatriptan"],
  ["Nexium IV", "Nexium"],
  ["esomeprazole magnesium dr cap 40 mg", "esomeprazole"],
  ["insulin glargine 100 unt/ml pen", "insulin glargine"],
  ["quetiapine fumarate ext-rel", "quetiapine"],
  ["sodium phosphate", "sodium phosphate"],
  ["JANUVIA", "JANUVIA"],
])("bareDrugName(%j)", (written, bare) => {
  it(`is ${bare}`, () => expect(bareDrugName(written)).toBe(bare));
});

describe.each([
  // word | can never name a drug
  ["Tablets", true],
  ["hydrochloride", true],
  ["units", true],
  ["generic", true],
  ["Medications,", true],
  ["adalimumab", false],
  ["HUMIRA", false],
  ["insulin", false],
])("isNeverDrugName(%s)", (word, never) => {
  it(`is ${never}`, () => expect(isNeverDrugName(word)).toBe(never));
});
