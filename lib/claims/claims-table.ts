// Claims tables printed in a case's documents (a pharmacy's fill history, a plan's claims report): the header row
// names the columns (headers are data: data/claims-table-headers.json), each row below becomes a dated claim record
// with the document, page and printed row it came from. Columns are matched by position (the x-range of each header
// cell, from the document layout model lib/documents/layout) and, for plain text, by order. A wrapped drug name continues on the next
// line. A row without a readable date or drug is skipped; a status word not in data/claim-status-words.json leaves
// the row pending (never a trial). Pure.
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { parseDate } from "@/lib/lexicon/dates";
import { pageLines } from "@/lib/documents/layout/page-lines";
import HEADERS from "./data/claims-table-headers.json";
import STATUS_WORDS from "./data/claim-status-words.json";
import type { CaseClaim } from "./types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

export type ClaimColumn = "date" | "drug" | "ndc" | "quantity" | "days_supply" | "status" | "claim_id" | "procedure_code";
const COLUMNS: ClaimColumn[] = ["date", "drug", "ndc", "quantity", "days_supply", "status", "claim_id", "procedure_code"];

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

const HEADER_INDEX = new Map<string, ClaimColumn>();
for (const column of COLUMNS) for (const words of (HEADERS as unknown as Record<ClaimColumn, string[]>)[column]) HEADER_INDEX.set(headerKey(words), column);

const STATUS_INDEX = new Map<string, CaseClaim["status"]>();
for (const status of ["paid", "denied", "pending"] as const) for (const w of (STATUS_WORDS as unknown as Record<string, string[]>)[status]) STATUS_INDEX.set(headerKey(w), status);

/** The column a header cell names, or null. */
export function claimColumnOf(cell: string): ClaimColumn | null {
  return HEADER_INDEX.get(headerKey(cell)) ?? null;
}

/** "Paid", "REJECTED", "Rev" -> the API's claim status; null for an unknown word. */
export function claimStatusOf(cell: string): CaseClaim["status"] | null {
  return STATUS_INDEX.get(headerKey(cell)) ?? null;
}

interface Header {
  columns: (ClaimColumn | null)[];
  ranges: [number, number][] | null;
}

function readHeader(cells: string[], ranges: [number, number][] | null): Header | null {
  const columns = cells.map(claimColumnOf);
  const named = columns.filter(Boolean);
  if (!columns.includes("date") || !(columns.includes("drug") || columns.includes("ndc") || columns.includes("procedure_code")) || named.length < 3) return null;
  if (new Set(named).size !== named.length) return null;
  return { columns, ranges: ranges && ranges.length === cells.length ? ranges : null };
}

/**
 * Each cell of a row to a header column: by order when the row has a cell per column (headers are often centred over
 * their column, so positions can mislead); otherwise by the widest x-overlap, else the nearest centre.
 */
function assign(header: Header, cells: string[], ranges: [number, number][] | null): Partial<Record<ClaimColumn, string>> {
  const out: Partial<Record<ClaimColumn, string>> = {};
  const put = (column: ClaimColumn | null, value: string) => {
    if (column) out[column] = out[column] ? `${out[column]} ${value}` : value;
  };
  if (cells.length !== header.columns.length && header.ranges && ranges && ranges.length === cells.length) {
    const hr = header.ranges;
    cells.forEach((cell, i) => {
      const [x0, x1] = ranges[i];
      let best = -1;
      let score = -Infinity;
      hr.forEach(([h0, h1], j) => {
        const overlap = Math.min(x1, h1) - Math.max(x0, h0);
        const s = overlap > 0 ? overlap : -Math.abs((x0 + x1) / 2 - (h0 + h1) / 2);
        if (s > score) [best, score] = [j, s];
      });
      put(header.columns[best] ?? null, cell);
    });
    return out;
  }
  if (cells.length !== header.columns.length) return {};
  cells.forEach((cell, i) => put(header.columns[i], cell));
  return out;
}

const number = (s: string | undefined) => {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec((s ?? "").replace(/,/g, ""));
  return m ? Number(m[1]) : null;
};

export interface ReadClaimsOptions {
  /** The year two-digit years are read against. */
  referenceYear?: number;
}

/** The claims of every claims table in a document. */
export function readClaimsTables(doc: SourceDocument, opts: ReadClaimsOptions = {}): CaseClaim[] {
  const claims: CaseClaim[] = [];
  let header: Header | null = null;
  for (const page of doc.pages ?? []) {
    const text = page.text ?? "";
    // A report of paid claims only ("paid claims only", "Paid Claims History") states the status of rows without one.
    const paidOnly = /\bpaid claims?\b/i.test(text);
    let last: CaseClaim | null = null;
    for (const { text: line, start, cells: laid } of pageLines(page)) {
      const known = laid.every((c) => c.x0 !== null && c.x1 !== null);
      const ranges = page.layout && known ? laid.map((c): [number, number] => [c.x0 ?? 0, c.x1 ?? 0]) : null;
      // PDF lines mark column gaps with " | "; plain text separates columns by tabs or runs of spaces.
      const cells = (page.layout ? laid.map((c) => c.text) : line.trim().split(/ \| |\t+| {2,}/)).map((c) => c.trim());
      const found = readHeader(cells, ranges);
      if (found) {
        header = found;
        last = null;
        continue;
      }
      if (!header || (cells.length < 2 && !last)) continue;
      const row = assign(header, cells, ranges);
      const date = row.date ? parseDate(row.date, opts) : null;
      const drug = row.drug?.trim();
      const ndc = row.ndc ? normalizeNdc(row.ndc.replace(/\s+/g, "")) : null;
      const code = row.procedure_code?.trim().toUpperCase();
      if (!date && !row.date && drug && last && Object.keys(row).length === 1) {
        // The rest of a wrapped drug name.
        last.drug_name = `${last.drug_name ?? ""} ${drug}`.trim();
        if (last.source) last.source.quote = `${last.source.quote}\n${line}`;
        continue;
      }
      if (!date || date.length !== 10 || !(drug || ndc || code)) {
        last = null;
        continue;
      }
      const status = row.status ? claimStatusOf(row.status) : paidOnly ? "paid" : null;
      const days = number(row.days_supply);
      const quantity = number(row.quantity);
      const claim: CaseClaim = {
        claim_id: row.claim_id?.trim() || `${doc.name || doc.id} p${page.page} row ${claims.length + 1}`,
        date,
        type: code && !drug && !ndc ? "medical" : "pharmacy",
        status: status ?? "pending",
        ...(drug ? { drug_name: drug } : {}),
        ...(ndc ? { ndc } : {}),
        ...(code && /^[A-Z0-9]{4,7}$/.test(code) ? { procedure_code: code } : {}),
        ...(days !== null && Number.isInteger(days) && days >= 1 && days <= 365 ? { days_supply: days } : {}),
        ...(quantity !== null && quantity > 0 ? { quantity } : {}),
        source: { documentId: doc.id, documentName: doc.name || doc.id, page: page.page, quote: line, start, end: start + line.length },
      };
      claims.push(claim);
      last = claim;
    }
  }
  return claims;
}
