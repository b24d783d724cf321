import { describe, expect, it } from "vitest";
import { productListNames, productNames } from "./product-names";

describe.each([
  ["Xolair (omalizumab) 150 mg vial", ["Xolair", "omalizumab"]],
  ["HUMIRA(CF) PEN 40 MG/0.4ML", ["HUMIRA"]],
  ["HUMIRA PEN", ["HUMIRA"]],
  ["adalimumab-adaz injection 40 mg/0.8 mL", ["adalimumab-adaz"]],
  ["OZEMPIC 0.25-0.5 MG/DOSE PEN", ["OZEMPIC"]],
  ["Dupixent (dupilumab)", ["Dupixent", "dupilumab"]],
  ["Humira (adalimumab)", ["Humira", "adalimumab"]],
  ["insulin glargine-yfgn solution 100 unit/mL", ["insulin glargine-yfgn"]],
  ["Epidiolex oral solution (PF)", ["Epidiolex"]],
  ["sodium oxybate oral solution 500 mg/mL", ["sodium oxybate"]],
  ["Spiriva Respimat 2.5 mcg/actuation", ["Spiriva"]],
  ["Nexium IV 40 mg vial", ["Nexium"]],
  ["OZEMPIC (2 MG/DOSE) subcutaneous solution pen- injector 8 mg/3 mL", ["OZEMPIC"]],
  ["OZEMPIC (0.25 OR 0.5 MG/DOSE) subcutaneous solution pen-injector 2 mg/3 mL", ["OZEMPIC"]],
] as const)("product %s", (product, names) => {
  it(`names ${names.join(", ")}`, () => expect(productNames(product)).toEqual(names));
});

describe.each([
  [["Relpax (eletriptan), Frova (frovatriptan)"], ["Relpax", "eletriptan", "Frova", "frovatriptan"]],
  [["HUMIRA PEN", "HUMIRA(CF) PEN 40 MG/0.4ML", "Humira Pen-CD/UC/HS Starter"], ["HUMIRA"]],
] as const)("product list %j", (products, names) => {
  it("names each drug once, as first written", () => expect(productListNames(products)).toEqual(names));
});
