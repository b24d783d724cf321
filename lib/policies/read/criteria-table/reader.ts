// Family (b) a multi-drug criteria table (state Medicaid / PBM clinical criteria, preferred drug lists with a criteria
// column): one section per row, bound to the drugs its drug (or non-preferred) cell names, with the row's criteria,
// approval duration and quantity limit cells read into its criteria.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { readDocumentHeader } from "../document-header";
import type { DrugPolicySection, PolicyDocumentReading, PolicyFamilyReader } from "../types";
import { readAuthorizationPeriod, splitPeriods } from "./authorization-periods";
import type { FieldRole } from "./field-roles";
import { productListNames } from "./product-names";
import { bindingColumn, cellItems, readCriteriaTable, type CriteriaTable, type TableRow } from "./read-rows";
import { sectionPolicy, type SectionField } from "./section-policy";

/** A cell that opens with a formulary's requirement code ("PA - ...", "QL - 4 pens per 28 days", "ST"). */
const REQUIREMENT_CODE = /^(?:PA|QL|ST|AL|SP|LD|MO|DS|PA\/ST|NM|B\/D|OR|ED)(?:\s*[-:;,]|\s*$|\s+\()/;

/**
 * A header row naming drug and criteria columns, and rows under it: surely a criteria table. When most criteria cells
 * open with requirement codes, it is a drug list with codes (the formulary family reads those), not criteria rows.
 */
function detect(pages: readonly PdfPage[]): number {
  // A criteria table shows itself within its first pages.
  const table = readCriteriaTable(pages.slice(0, 40));
  if (!table) return 0;
  const rows = table.rows.filter((r) => r.cells.some((c, i) => table.columns[i].header.role !== "drug" && c.length));
  const criteria = table.columns.findIndex((c) => c.header.role === "criteria");
  const coded = rows.filter((r) => REQUIREMENT_CODE.test(r.cells[criteria]?.[0]?.text ?? "")).length;
  if (rows.length && coded * 3 >= rows.length) return 0.3;
  if (rows.length >= 2) return Math.min(1, 0.6 + 0.05 * rows.length + (table.headerPages.length > 1 ? 0.1 : 0));
  return rows.length === 1 ? 0.45 : 0.2;
}

const cellText = (row: TableRow, index: number) => row.cells[index]?.map((s) => s.text).join(" ").replace(/\s+/g, " ").trim() ?? "";

/** "Triptans: Relpax (eletriptan), Frova (frovatriptan)" -> the class before the colon and the drugs after it. */
function splitClass(text: string): { label: string | null; drugs: string } {
  const m = /^([^:()]{3,60}):\s*(.+)$/.exec(text);
  return m ? { label: m[1].trim(), drugs: m[2] } : { label: null, drugs: text };
}

function rowSection(table: CriteriaTable, row: TableRow, index: number, pages: readonly PdfPage[], meta: { payer: string | null; effectiveDate: string | null }, warnings: string[]): DrugPolicySection | null {
  const col = (role: string) => table.columns.findIndex((c) => c.header.role === role);
  const bindIndex = bindingColumn(table.columns);
  const items = cellItems(row.cells[bindIndex].map((s) => s.text));
  const key = splitClass(items.join(", "));
  const className = col("class") >= 0 && col("class") !== bindIndex ? cellText(row, col("class")) : (row.band?.text ?? key.label);
  const names = productListNames(items.map((item, i) => (i === 0 ? splitClass(item).drugs : item)));
  if (!names.length) {
    warnings.push(`A row on page ${row.pages[0]} names no drug; it was left out.`);
    return null;
  }
  const fields: SectionField[] = [];
  // Periods written among the criteria ("Initial authorizations will be for 84 days") and a note under the criteria
  // header that holds for every row ("Authorization is for 365 days unless otherwise stated").
  const durations: { initial: string | null; continuation: string | null } = { initial: null, continuation: null };
  let columnDefault: string | null = null;
  table.columns.forEach((column, i) => {
    const role = column.header.role;
    if (column.note && (role === "criteria" || role === "duration")) columnDefault ??= readAuthorizationPeriod(column.note)?.duration ?? null;
    if (role === "drug" || role === "class" || role === "preferred" || role === "non_preferred" || role === "other" || !row.cells[i].length) return;
    if (role === "renewal") fields.push({ field: column.header.id, role: "criteria", segments: row.cells[i], phase: "continuation" });
    else if (role === "criteria") {
      const periods = splitPeriods(row.cells[i]);
      durations.initial ??= periods.initial;
      durations.continuation ??= periods.renewal;
      if (periods.criteria.length) fields.push({ field: column.header.id, role: "criteria", segments: periods.criteria });
      if (periods.continuation.length) fields.push({ field: column.header.id, role: "criteria", segments: periods.continuation, phase: "continuation" });
    } else fields.push({ field: column.header.id, role: role as FieldRole, segments: row.cells[i] });
  });
  const written = cellText(row, bindIndex);
  const label = className ? `${className}: ${key.drugs}` : written;
  const labelPage = row.band?.page ?? row.cells[bindIndex][0]?.page ?? row.pages[0];
  const preferred = col("preferred") >= 0 ? productListNames(cellItems(row.cells[col("preferred")].map((s) => s.text))) : [];
  const defaultDurations = { initial: durations.initial ?? columnDefault, continuation: durations.continuation ?? columnDefault };
  const policy = sectionPolicy({ id: `row-${index + 1}`, label: row.band?.text ?? row.cells[bindIndex][0]?.text ?? written, labelPage, drugNames: names, fields, pages, preferred, defaultDurations, ...meta });
  warnings.push(...(policy.warnings ?? []).map((w) => `${label}: ${w}`));
  const codes = table.columns.some((c) => c.header.role === "quantity") && row.cells[col("quantity")]?.length ? ["PA", "QL"] : ["PA"];
  return { label, drugs: { names, ndcs: policy.suggestedCodes.ndc, cpts: policy.suggestedCodes.cpt }, pages: row.pages, requirementCodes: codes, policy };
}

function read(pages: readonly PdfPage[]): PolicyDocumentReading {
  const { sorted, payer, effectiveDate, firstLine } = readDocumentHeader(pages);
  const warnings: string[] = [];
  const meta = { payer, effectiveDate };
  const table = readCriteriaTable(sorted);
  const sections = table ? table.rows.map((row, i) => rowSection(table, row, i, sorted, meta, warnings)).filter((s): s is DrugPolicySection => s !== null) : [];
  if (!sections.length) warnings.push("No rows with drugs were found in the criteria table.");
  const title = firstLine ?? "Criteria table";
  return { family: "criteria_table", title, payer: meta.payer, effectiveDate: meta.effectiveDate, sections, warnings };
}

export const criteriaTableReader: PolicyFamilyReader = { family: "criteria_table", detect, read };
