// A "Products Affected" list as entries, one per product: the list runs in columns (two in the CMS template) and a
// long product wraps over lines of its column ("PRALUENT subcutaneous solution auto-injector 75" / "mg/mL, 150 mg/mL").
// A line continues the entry above it in its column when the entry above stops short ("auto-", "10 mg &", "(2 MG/DOSE",
// a strength without its unit: "... syringe 140") or the line opens with no name of its own: a strength, a unit or a
// product word ("mg/mL, 150 mg/mL", "injector 140 mg/mL", "solution pen-injector 2 mg/3 mL"). Any other line, in
// capitals or not ("adalimumab-adaz injection"), starts a product.
import { isNeverDrugName, startsStrength } from "@/lib/lexicon/product-words";
import type { Cell } from "../criteria-table/positioned-lines";

/** Cells whose left edges are this close (pt) stand in one column of the list. */
const SAME_COLUMN = 12;

const continuesProduct = (above: string, text: string) => {
  const open = (above.match(/\(/g) ?? []).length > (above.match(/\)/g) ?? []).length;
  const first = text.split(/\s+/)[0] ?? "";
  const stem = first.split(/[/-]/)[0];
  return open || /[-&,/(]$/.test(above.trim()) || /\d$/.test(above.trim()) || startsStrength(first) || isNeverDrugName(first) || isNeverDrugName(stem);
};

export function productEntries(lines: readonly (readonly Cell[])[]): string[] {
  const columns: { x0: number | undefined; entries: string[] }[] = [];
  const order: { column: number; entry: number }[] = [];
  for (const cells of lines) {
    for (const cell of cells) {
      const text = cell.text.trim();
      if (!text) continue;
      let column = columns.findIndex((c) => c.x0 !== undefined && cell.x0 !== undefined && Math.abs(c.x0 - cell.x0) <= SAME_COLUMN);
      if (column < 0) {
        columns.push({ x0: cell.x0, entries: [] });
        column = columns.length - 1;
      }
      const entries = columns[column].entries;
      const above = entries[entries.length - 1];
      if (above !== undefined && continuesProduct(above, text)) entries[entries.length - 1] = `${above}${/-$/.test(above) ? "" : " "}${text}`;
      else {
        entries.push(text);
        order.push({ column, entry: entries.length - 1 });
      }
    }
  }
  // Reading order: entries as they first appear, row by row (left column first), not column by column.
  return order.map(({ column, entry }) => columns[column].entries[entry]);
}
