// Family (c): a formulary, drug list or preferred drug list. One section per drug row that carries a requirement
// code, bound to the row's brand and generic names, with its own criteria tree (an ALL group of the codes'
// criteria) whose quotes are verbatim. A row whose requirements cell cannot be read (a font without a text map gives
// symbols) gets a manual criterion saying so, never a guess; OCR'd text of such pages reads like any other page.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { allQuotes, enforceVerbatimQuotes } from "../../enforce-verbatim-quotes";
import type { CriterionNode, ParsedPolicy } from "../../types";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { pageLines, type Line } from "./page-lines";
import { splitPanels, type PanelLine } from "./panels";
import { readLegend } from "./read-legend";
import { columnText, isCodeCell, isGarbled, readTables, rowPages, spanQuote, type TableRow } from "./read-tables";
import { recognisedCellOf, unreadCellOf } from "./recognised-cells";
import { parseRequirementCell } from "./requirement-cell";
import { rowCriteria } from "./row-criteria";
import { rowNames } from "./row-names";
import { codeKind } from "./vocabulary";
import { UNREADABLE_REQUIREMENTS_RULE } from "./unread-requirements";

function titleOf(lines: readonly Line[]): string {
  const first = lines.find((l) => l.page === lines[0]?.page && !l.boilerplate && /[A-Za-z]{3}/.test(l.text) && !isGarbled(l.text));
  return first ? first.text.replace(/ \| /g, " ").trim() : "Formulary";
}

function effectiveDateOf(lines: readonly Line[]): string | null {
  for (const line of lines.slice(0, 60)) {
    const m = /\b(\d{1,2})\/(\d{1,2})\/(\d{2,4})\b/.exec(line.text);
    if (m) {
      const year = m[3].length === 2 ? `20${m[3]}` : m[3];
      return `${year}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
    }
  }
  return null;
}

function citedPages(policy: ParsedPolicy, pages: readonly PdfPage[]): PdfPage[] {
  const cited = new Set(allQuotes(policy).map((q) => q.page));
  return pages.filter((p) => cited.has(p.page));
}

/** "3-5, 9" for [3, 4, 5, 9]. */
export function pageRanges(pages: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    out.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return out.join(", ");
}

const requirementKinds = ["code", "requirements"] as const;

/** The requirements column's text; a wrapped line that opens with a code starts another requirement ("QL - ..." then "• ST - ..."). */
function requirementOf(row: TableRow, extraCodes: readonly string[]): { text: string; kind: "code" | "requirements" } | null {
  for (const kind of requirementKinds) {
    const parts = (row.parts.get(kind) ?? []).map((p) => p.line.cells[p.cell].text.trim()).filter(Boolean);
    if (!parts.length) continue;
    const text = parts.map((t, i) => (i > 0 && isCodeCell(t, extraCodes, false) ? `; ${t}` : t)).join(" ").replace(/\s+/g, " ").trim();
    return { text, kind };
  }
  return null;
}

/** The requirement cells of a row that text recognition read (their lowest confidence), or null when none was. */
function recognitionOf(row: TableRow, kind: "code" | "requirements", pages: readonly PdfPage[]): { confidence: number } | null {
  const marks = (row.parts.get(kind) ?? []).map((p) => recognisedCellOf(pages.find((q) => q.page === p.line.page), p.line.index, p.cell + ((p.line as PanelLine).firstCell ?? 0))).filter((m) => m !== null);
  return marks.length ? { confidence: Math.min(...marks.map((m) => m.confidence ?? 0)) } : null;
}

/** Why text recognition did not read a row's requirement cells, when it was tried. */
function unreadReasonOf(row: TableRow, kind: "code" | "requirements", pages: readonly PdfPage[]): string | null {
  for (const p of row.parts.get(kind) ?? []) {
    const mark = unreadCellOf(pages.find((q) => q.page === p.line.page), p.line.index, p.cell + ((p.line as PanelLine).firstCell ?? 0));
    if (mark?.reason) return mark.reason;
  }
  return null;
}

export function readFormulary(pages: readonly PdfPage[]): PolicyDocumentReading {
  // Lists printed side by side are read one panel after the other.
  const lines = splitPanels(pageLines(pages));
  const legend = readLegend(lines);
  const extraCodes = [...new Set(legend.map((e) => e.code.replace(/[*†‡¹²³^]+$/, "")))].filter((c) => !codeKind(c));
  const { drugRows, lists } = readTables(lines, extraCodes);
  const tableLines = new Set([...drugRows, ...[...lists.values()].flat()].flatMap((r) => r.lines));
  const title = titleOf(lines);
  const effectiveDate = effectiveDateOf(lines);
  const warnings: string[] = [];
  const sections: DrugPolicySection[] = [];
  const seen = new Map<string, DrugPolicySection>();
  let unreadableNames = 0;
  const unreadablePages = new Set<number>();

  // A legend row ("QL | Quantity Limitation") has a code cell too: it is no drug.
  const legendLines = new Set(legend.map((e) => `${e.quote.page}\u0000${e.quote.text}`));
  for (const row of drugRows) {
    if (legendLines.has(`${row.page}\u0000${row.lines[0].text}`)) continue;
    const requirement = requirementOf(row, extraCodes);
    if (!requirement) continue;
    const nameCell = columnText(row, "name");
    const brandCell = columnText(row, "brand");
    const { written, names } = rowNames(nameCell, brandCell);
    // A cell text recognition tried and could not read, or read as no requirement, is unread: never half a reading.
    const recognition = recognitionOf(row, requirement.kind, pages);
    let why = unreadReasonOf(row, requirement.kind, pages);
    const garbled = why !== null || isGarbled(requirement.text);
    const parsed = garbled ? null : parseRequirementCell(requirement.text, extraCodes);
    if (!garbled && !parsed && recognition) why = `text recognition read "${requirement.text}", which opens with no requirement code`;
    if (!garbled && !parsed && !recognition) continue;
    if (!names.length) {
      unreadableNames++;
      unreadablePages.add(row.page);
      continue;
    }
    const spanned = spanQuote(row, requirement.kind, requirement.kind);
    // A cell read from the page image: its quote says so, with the recognition's confidence.
    const requirementQuote = spanned && recognition ? { ...spanned, recognised: true, confidence: recognition.confidence } : spanned;
    const nameQuote = spanQuote(row, "name", "name") ?? spanQuote(row, "brand", "brand");
    let drafts: Omit<CriterionNode, "id" | "kind">[];
    let codes: string[] = [];
    if (garbled || !parsed || !requirementQuote) {
      if (!nameQuote) continue;
      drafts = [{ text: `Requirements/limits column could not be read (${[isGarbled(requirement.text) ? "its text is symbols, not letters" : null, why].filter(Boolean).join("; ")}): a person must read it on the page image`, quote: nameQuote, check: { kind: "manual" }, rule: UNREADABLE_REQUIREMENTS_RULE }];
    } else {
      const read = rowCriteria({ page: row.page, nameCell, brandCell, headings: row.headings, items: parsed.items, requirementQuote, requirementText: requirement.text }, { legend, lists, lines, tableLines });
      warnings.push(...read.warnings);
      codes = read.codes;
      // A requirement continued past a page break: the rest is quoted from its own page beside each criterion.
      const rest = rowPages(row).slice(1).flatMap((page) => {
        const quote = spanQuote(row, requirement.kind, requirement.kind, page);
        return quote ? [{ text: `Continued on page ${page}`, quote }] : [];
      });
      drafts = read.criteria.map((d) => (rest.length ? { ...d, notes: [...rest, ...(d.notes ?? [])] } : d));
      if (!codes.some((c) => codeKind(c) !== "informational" && (codeKind(c) !== null || legend.some((e) => e.code === c && e.kind !== "informational")))) continue;
    }
    const key = `${written.toLowerCase()}|${codes.join(",")}|${drafts.map((d) => d.text).join("|")}`;
    const earlier = seen.get(key);
    if (earlier) {
      for (const page of rowPages(row)) if (!earlier.pages.includes(page)) earlier.pages.push(page);
      continue;
    }
    const children: CriterionNode[] = drafts.map((d, i) => ({ kind: "criterion", id: `${sections.length + 1}.${i + 1}`, ...d, ...(d.notes && d.notes.length ? {} : { notes: undefined }) }));
    for (const c of children) if (!c.notes) delete c.notes;
    const policy: ParsedPolicy = {
      title: `${title}: ${written}`,
      payer: null,
      effectiveDate,
      drugNames: names,
      suggestedCodes: { ndc: [], cpt: [], hcpcs: [] },
      sections: [
        {
          id: `${sections.length + 1}`,
          title: written,
          kind: "general",
          diagnosisHints: { names: [], icd10Prefixes: [] },
          approvalDuration: null,
          criteria: { kind: "group", id: `${sections.length + 1}.0`, logic: "all", text: null, quote: null, children },
          titleQuote: nameQuote,
        },
      ],
      warnings: [],
    };
    const section: DrugPolicySection = {
      label: written,
      drugs: { names, ndcs: [], cpts: [] },
      pages: rowPages(row),
      requirementCodes: codes.length ? codes : undefined,
      // Quotes are built from the page text; the check still runs, on the pages they cite only (a large book stays fast).
      policy: enforceVerbatimQuotes(policy, citedPages(policy, pages)),
    };
    if (!section.requirementCodes) delete section.requirementCodes;
    seen.set(key, section);
    sections.push(section);
  }
  if (unreadableNames) warnings.push(`${unreadableNames} drug rows with requirements have names that could not be read (symbols, not letters); they are not bound to any drug.`);
  const unreadable = sections.filter((s) => s.policy.sections[0]?.criteria.kind === "group" && s.policy.sections[0].criteria.children.some((c) => c.kind === "criterion" && c.rule === UNREADABLE_REQUIREMENTS_RULE));
  if (unreadable.length) {
    const pagesToRead = [...new Set([...unreadable.map((s) => s.pages[0]), ...unreadablePages])].sort((a, b) => a - b);
    warnings.push(`${unreadable.length} drug rows have a requirements column that could not be read from the text layer; read pages ${pageRanges(pagesToRead)} as images (OCR) to get their limits.`);
  }
  return { family: "formulary", title, payer: null, effectiveDate, sections, warnings };
}
