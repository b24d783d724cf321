import { describe, expect, it } from "vitest";
import { productEntries } from "./product-entries";

const cell = (text: string, x0: number) => ({ text, x0, x1: x0 + 200 });

// "Products Affected" lists as Part D books print them: two columns from the left margin, products wrapped over lines.
describe.each([
  [
    "two columns, products wrapped in each",
    [
      [cell("PRALUENT subcutaneous solution auto-injector 75", 62), cell("REPATHA SURECLICK subcutaneous solution auto-", 315)],
      [cell("mg/mL, 150 mg/mL", 62), cell("injector 140 mg/mL", 315)],
      [cell("REPATHA subcutaneous solution prefilled syringe 140", 62), cell("REPATHA PUSHTRONEX SYSTEM subcutaneous", 315)],
      [cell("mg/mL", 62), cell("solution cartridge 420 mg/3.5 mL", 315)],
    ],
    [
      "PRALUENT subcutaneous solution auto-injector 75 mg/mL, 150 mg/mL",
      "REPATHA SURECLICK subcutaneous solution auto-injector 140 mg/mL",
      "REPATHA subcutaneous solution prefilled syringe 140 mg/mL",
      "REPATHA PUSHTRONEX SYSTEM subcutaneous solution cartridge 420 mg/3.5 mL",
    ],
  ],
  [
    "one column, a strength list wrapped after '&'",
    [[cell("OTEZLA STARTER oral tablet therapy pack 10 mg & 20", 315)], [cell("mg & 30 mg", 315)], [cell("XIFAXAN oral tablet 200 mg, 550 mg", 315)]],
    ["OTEZLA STARTER oral tablet therapy pack 10 mg & 20 mg & 30 mg", "XIFAXAN oral tablet 200 mg, 550 mg"],
  ],
  [
    "one product a line, a generic in lower case among brands",
    [[cell("HUMIRA PEN", 150), cell("HUMIRA(CF) PEN 40 MG/0.4ML", 360)], [cell("adalimumab-adaz injection 40 mg/0.8 mL", 150)]],
    ["HUMIRA PEN", "HUMIRA(CF) PEN 40 MG/0.4ML", "adalimumab-adaz injection 40 mg/0.8 mL"],
  ],
  [
    "a strength list wrapped after a number, and a strength note in parentheses",
    [[cell("OZEMPIC (2 MG/DOSE) subcutaneous solution pen-", 315)], [cell("injector 8 mg/3 mL", 315)], [cell("dalfampridine er oral tablet extended release 12 hour 10", 62)], [cell("mg", 62)]],
    ["OZEMPIC (2 MG/DOSE) subcutaneous solution pen-injector 8 mg/3 mL", "dalfampridine er oral tablet extended release 12 hour 10 mg"],
  ],
] as [string, { text: string; x0: number; x1: number }[][], string[]][])("product list: %s", (_what, lines, entries) => {
  it("gives one entry per product, in reading order", () => expect(productEntries(lines)).toEqual(entries));
});
