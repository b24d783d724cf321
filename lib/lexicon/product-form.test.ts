import { describe, expect, it } from "vitest";
import { productFit, productForm } from "./product-form";

describe.each([
  ["ondansetron hcl oral soln 4 mg/5ml", ["4 mg/5 ml"], ["oral solution"]],
  ["Ondansetron 8 MG Tablet", ["8 mg"], ["tablet"]],
  ["zolpidem tartrate tab er 12.5 mg", ["12.5 mg"], ["tablet", "extended release"]],
  ["Januvia (sitagliptin) 100 mg tablet", ["100 mg"], ["tablet"]],
  ["sumatriptan", [], []],
  ["insulin glargine 100 units/mL pen", ["100 unit/ml"], ["injection"]],
])("productForm(%s)", (text, strengths, forms) => {
  it("reads strengths and canonical forms", () => {
    const read = productForm(text);
    expect(read.strengths).toEqual(strengths);
    expect(read.forms.sort()).toEqual([...forms].sort());
  });
});

describe.each([
  ["sumatriptan 50 mg tablet", "sumatriptan succinate tab 50 mg", 2, 0],
  ["sumatriptan 50 mg tablet", "sumatriptan succinate tab 100 mg", 1, 1],
  ["ondansetron 8 mg tablet", "ondansetron hcl oral soln 4 mg/5ml", 0, 2],
  ["zolpidem 10 mg tablet", "zolpidem tartrate", 0, 0],
  ["zolpidem 12.5 mg tablet", "zolpidem tartrate tab er 12.5 mg", 2, 1],
])("productFit(%s, %s)", (requested, product, matches, conflicts) => {
  it(`${matches} alike, ${conflicts} differing`, () => expect(productFit(productForm(requested), productForm(product))).toEqual({ matches, conflicts }));
});
