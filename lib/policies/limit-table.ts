// Quantity and dose limits from a policy's dosing or quantity-limit tables: each row that names an amount per
// period becomes a limit with its row quoted verbatim. A table's header says what its numbers are ("Maximum Dose",
// "Quantity Limit"), so a bare "25 mg/kg/day" in a row under "Maximum Dose" reads as a dose limit.
import { findDrugMentions } from "@/lib/lexicon/drugs";
import { classifyCriterion } from "./classify-criterion";
import { headingRegion } from "./policy-outline";
import type { PolicyLine } from "./policy-lines";
import type { Check, CriterionNode } from "./types";
import { findVerbatim } from "./verbatim-quote";

const DOSE = /(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|units?|iu|g|ml)(?:\s*(?:\/|per)\s*(\d+)?\s*(day|week|month|dose|kg))?\b/i;
const QUANTITY = /(\d+(?:\.\d+)?)\s*(tablets?|capsules?|pens?|syringes?|vials?|kits?|packs?|cartons?|patch(?:es)?|inhalers?|injections?|doses?|bottles?|ml|units?)\s*(?:\/|per|every|each|in)\s*(\d+)?\s*-?\s*(days?|weeks?|months?)\b/i;

const days = (n: string | undefined, unit: string) => (n ? Number(n) : 1) * (/^week/i.test(unit) ? 7 : /^month/i.test(unit) ? 30 : 1);

/** The limit a table row states, read with the table's header in mind. */
function rowCheck(text: string, header: string): Check | null {
  const classified = classifyCriterion(text);
  if (classified.kind === "quantity_limit" || classified.kind === "dose_limit" || classified.kind === "duration_limit") return classified;
  const quantity = QUANTITY.exec(text);
  if (quantity) return { kind: "quantity_limit", value: Number(quantity[1]), unit: quantity[2].toLowerCase().replace(/s$/, ""), perDays: days(quantity[3], quantity[4]) };
  // The last amount of the row is its limit; a strength ("100 mg/mL") is not.
  const doses = [...text.matchAll(new RegExp(DOSE.source, "gi"))].filter((m) => !/^\s*\/\s*ml\b/i.test(text.slice(m.index + m[0].length)));
  const dose = doses[doses.length - 1];
  if (dose && /\b(?:max|maximum|limit|dose|dosage|dosing)\b/i.test(`${header} ${text}`)) {
    const per = dose[4] && !/dose|kg/i.test(dose[4]) ? days(dose[3], dose[4]) : undefined;
    return { kind: "dose_limit", value: Number(dose[1]), unit: dose[2].toLowerCase(), perDays: per };
  }
  return null;
}

/** The cells of a line as the reader separated them (" | "). */
const cellsOf = (raw: string) => raw.split(/(?:^|\s)\|(?=\s|$)/).map((c) => c.trim());

/** The column of a header that holds the limit ("Indication | Dosing Regimen | Maximum Dose" -> 2), if any. */
function limitColumn(header: string): number | null {
  const cells = cellsOf(header);
  if (cells.length < 2) return null;
  const index = cells.findIndex((c) => /\b(?:max(?:imum)?|limits?)\b/i.test(c));
  return index >= 0 ? index : null;
}

const sameLimit = (a: Check, b: Check) => JSON.stringify(a) === JSON.stringify(b);

/** Limits of the dosing / quantity-limit regions of a policy's lines. */
export function limitsFromTables(lines: readonly PolicyLine[], pages: readonly { page: number; text: string }[]): CriterionNode[] {
  const out: CriterionNode[] = [];
  let inLimits = false;
  let header = "";
  let column: { index: number; cells: number } | null = null;
  for (const line of lines) {
    const region = headingRegion(line.text);
    if (region) {
      inLimits = region === "limits";
      header = "";
      column = null;
      continue;
    }
    if (!inLimits) continue;
    if (!/\d/.test(line.text)) {
      header = line.text;
      const index = limitColumn(line.raw);
      column = index === null ? null : { index, cells: cellsOf(line.raw).length };
      continue;
    }
    // Under a header with a maximum column, only a full row's cell in that column states a limit: the regimen's
    // wrapped lines ("Days 1-7: 5 mcg/m2/day") are doses of a schedule, not maximums.
    const cells = cellsOf(line.raw);
    if (column && cells.length !== column.cells) continue;
    const check = rowCheck(column ? cells[column.index] : line.text, header);
    if (!check || check.kind === "manual") continue;
    const pageText = pages.find((p) => p.page === line.page)?.text ?? "";
    const quote = findVerbatim(pageText, line.text);
    if (!quote) continue;
    const drug = findDrugMentions(line.text)[0]?.written;
    const limited = drug && (check.kind === "quantity_limit" || check.kind === "dose_limit" || check.kind === "duration_limit") ? { ...check, drug } : check;
    // One limit stated for several rows (each indication's maximum is 28 mcg/day) is one requirement.
    if (out.some((o) => sameLimit(o.check, limited))) continue;
    out.push({ kind: "criterion", id: `limit.${out.length + 1}`, text: line.text, quote: { page: line.page, text: quote }, check: limited });
  }
  return out;
}
