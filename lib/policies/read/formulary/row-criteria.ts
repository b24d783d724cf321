// The criteria of one drug row: each requirement code followed to its criterion. A criterion written on the row
// ("QL - 9 for 30 days supply", "ST - ... within the past 90 days.") is read there; a bare code goes to the list it
// points to (Quantity / Age Limitation List, Step Therapy Criteria table) or to its footnote; a code whose criteria
// the book does not hold ("PA", "PA - B vs. D", "PA**") is a manual criterion quoting the code and the legend line
// that explains it. Informational codes (SP, OTC, MO) give no criterion.
import { readCriterion } from "../../classify-criterion";
import type { Check, CriterionNode, PolicyNote, Quote } from "../../types";
import { appendixEntryOf } from "./appendix-entry";
import { legendFor, type LegendEntry } from "./read-legend";
import { readAge, readQuantity, readStep, type ReadCheck } from "./read-limits";
import { columnItems, columnText, spanQuote, type TableRow } from "./read-tables";
import { rowNames } from "./row-names";
import type { Line } from "./page-lines";
import type { RequirementItem } from "./requirement-cell";
import { codeKind, type CodeKind, type ListKind } from "./vocabulary";

export interface RowContext {
  legend: readonly LegendEntry[];
  lists: ReadonlyMap<ListKind, TableRow[]>;
  lines: readonly Line[];
  /** The lines of the drug list's rows: an appendix entry is looked for outside them. */
  tableLines?: ReadonlySet<Line>;
}

export interface DrugRowInput {
  page: number;
  /** The row's name cell as written and its brand cell (lists are matched on them). */
  nameCell: string;
  /** Category headings above the row: a list entry for "All Oral Contraceptives" applies under them. */
  headings: string[];
  brandCell: string;
  items: RequirementItem[];
  /** Verbatim quote of the requirements column (the code and what follows it on the row). */
  requirementQuote: Quote;
  requirementText: string;
}

type Draft = Omit<CriterionNode, "id" | "kind">;

const LIST_OF: Partial<Record<CodeKind, ListKind>> = { quantity_limit: "quantity", age_limit: "age", step_therapy: "step" };
const WORDS: Record<CodeKind, string> = {
  prior_authorization: "Prior authorization",
  step_therapy: "Step therapy",
  quantity_limit: "Quantity limit",
  age_limit: "Age limit",
  gender_limit: "Gender limit",
  informational: "Note",
};

const norm = (s: string) => s.toLowerCase().replace(/\((?:d\/c|otc)\)/g, "").replace(/^(?:otc|[a-z]{2}(?:,\s*[a-z]{2})*)\s+(?=[a-z])/, "").replace(/\s+/g, " ").trim();
const firstWord = (s: string) => norm(s).split(/[\s/(,]/)[0] ?? "";
const wordsOf = (s: string) => norm(s).split(/[\s/(),]+/).filter(Boolean);

/** How well a list row names the drug: 3 the same generic name, 2 one name with a form or strength after the other, 1 the same brand. */
function listMatch(entryName: string, entryBrand: string, drug: DrugRowInput): number {
  const [e, d] = [norm(entryName), norm(drug.nameCell)];
  if (e && d && e === d) return 3;
  if (e && d && (e.startsWith(`${d} `) || d.startsWith(`${e} `))) return 2;
  const [eb, db] = [norm(entryBrand), norm(drug.brandCell)];
  if (eb && db && (eb === db || eb.startsWith(`${db} `) || db.startsWith(`${eb} `))) return 1;
  return 0;
}

const singular = (s: string) => norm(s).split(/\s+/).map((w) => w.replace(/(?<=[a-z]{3})s$/, "")).join(" ");
const CLASS_ENTRY = /^all\s+(?:generic\s+|brand\s+|formulary\s+)?(.{4,})$/i;

/** A list entry for a whole class ("All Generic ACE Inhibitors") applies to rows under a heading, or with a name, of that class. */
function classMatch(entryName: string, drug: DrugRowInput): boolean {
  const m = CLASS_ENTRY.exec(norm(entryName));
  if (!m) return false;
  const phrase = ` ${singular(m[1])} `;
  // The nearest heading only: a heading further up names a wider group (or was a wrapped cell of a row before).
  return [...drug.headings.slice(-1), drug.nameCell].some((h) => ` ${singular(h)} `.includes(phrase));
}

function matchingRows(rows: readonly TableRow[], drug: DrugRowInput): TableRow[] {
  const scored = rows
    .map((row) => {
      const name = columnText(row, "name");
      return { row, score: listMatch(name, columnText(row, "brand"), drug) || (classMatch(name, drug) ? 0.5 : 0) };
    })
    .filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.row);
}

function stepRows(rows: readonly TableRow[], drug: DrugRowInput): TableRow[] {
  const mine = new Set([firstWord(drug.nameCell), firstWord(drug.brandCell)].filter((w) => w.length >= 4));
  // A Second Line item names the drug by one of its words ("Januvia", "Advair 100 mcg/50 mcg", a cell run into its neighbour).
  return rows.filter((row) => columnItems(row, "second_line").some((item) => wordsOf(item).some((w) => mine.has(w))));
}

const sameCheck = (a: Check, b: Check) => JSON.stringify(a) === JSON.stringify(b);

function noteOf(entry: LegendEntry | null): PolicyNote[] {
  return entry ? [{ text: `Legend: ${entry.quote.text}`, quote: entry.quote }] : [];
}

const FOOTNOTE_MARK = /([*†‡¹²³^]+)$/;

/** The footnote a marked code points to ("PA*" -> the "* ..." line), on the row's page first. */
function footnoteOf(code: string, page: number, lines: readonly Line[]): { text: string; quote: Quote } | null {
  const mark = FOOTNOTE_MARK.exec(code)?.[1];
  if (!mark) return null;
  const escaped = mark.replace(/[*^]/g, (c) => `\\${c}`);
  const pattern = new RegExp(`^${escaped}(?![*†‡¹²³^])\\s*[-–:]?\\s*(.{6,})$`);
  const candidates = [...lines.filter((l) => l.page === page), ...lines.filter((l) => l.page !== page)];
  for (const line of candidates) {
    const m = pattern.exec(line.text);
    if (m && !m[1].includes(" | ")) return { text: m[1].trim(), quote: { page: line.page, text: line.text } };
  }
  return null;
}

/** Clauses of a PA note or footnote, each read as an age, quantity or step requirement, else by the criterion classifier, else manual. */
function readClauses(text: string): ReadCheck[] {
  const clauses = text.split(/;\s+|\.\s+(?=[A-Z])/).map((c) => c.trim()).filter((c) => c.length > 2);
  return clauses.map((clause): ReadCheck => {
    const age = /\b(?:age|years?|older|younger)\b/i.test(clause) ? readAge(clause) : null;
    if (age) return age;
    if (/\b(?:per|every|days?'? supply|daily)\b/i.test(clause) && !/\bwithin\b/i.test(clause)) {
      const q = readQuantity(clause);
      if (q) return q;
    }
    if (/\b(?:claim|tried|trial|failed|prior use|previous use|step)\b/i.test(clause)) {
      const s = readStep(clause);
      if (s) return s;
    }
    if (clause.split(/\s+/).length < 4) return { check: { kind: "manual" }, rule: "pa.manual" };
    const read = readCriterion(clause);
    return { check: read.check, rule: read.check.kind === "manual" ? "pa.manual" : `pa.${read.rule}` };
  });
}

/** Criteria of the row's codes (ids are set by the caller); codes with their kinds. */
export function rowCriteria(drug: DrugRowInput, ctx: RowContext): { criteria: Draft[]; codes: string[]; warnings: string[] } {
  const criteria: Draft[] = [];
  const warnings: string[] = [];
  const codes: string[] = [];
  const push = (draft: Draft) => {
    if (!criteria.some((c) => c.text === draft.text && sameCheck(c.check, draft.check))) criteria.push(draft);
  };
  for (const item of drug.items) {
    const legend = legendFor(ctx.legend, item.code, drug.page);
    const kind = codeKind(item.code) ?? legend?.kind ?? null;
    if (!kind) continue;
    codes.push(item.code);
    if (kind === "informational") continue;
    const label = WORDS[kind];
    const manual = (why: string, quote: Quote = drug.requirementQuote, rule = `${item.code.toLowerCase().replace(/[^a-z]/g, "")}.manual`) =>
      push({ text: `${label} (${item.code}): ${why}`, quote, check: { kind: "manual" }, notes: noteOf(legend), rule });

    // 1. The criterion written on the row.
    if (item.detail) {
      const read = kind === "quantity_limit" ? readQuantity(item.detail) : kind === "age_limit" ? readAge(item.detail) : kind === "step_therapy" ? readStep(item.detail) : null;
      if (read) {
        push({ text: `${item.code} - ${item.detail}`, quote: drug.requirementQuote, check: read.check, rule: read.rule, notes: noteOf(legend) });
        if (read.unread) push({ text: `${label} (${item.code}), not read: "${read.unread}"`, quote: drug.requirementQuote, check: { kind: "manual" }, rule: "ql.second-limit-unread", notes: noteOf(legend) });
        continue;
      }
      if (kind === "prior_authorization") {
        const clauses = readClauses(item.detail);
        if (clauses.some((c) => c.check.kind !== "manual")) {
          for (const c of clauses) push({ text: `${item.code} - ${item.detail}`, quote: drug.requirementQuote, check: c.check, rule: c.rule, notes: noteOf(legend) });
        } else manual(`"${item.detail}"; no criteria for it in the document`);
        continue;
      }
      manual(`"${item.detail}" could not be read as a ${label.toLowerCase()}`);
      continue;
    }
    // 2. The list the code points to.
    const list = LIST_OF[kind];
    const rows = list ? ctx.lists.get(list) ?? [] : [];
    if (list === "step") {
      const found = stepRows(rows, drug);
      for (const row of found) {
        const text = columnText(row, "step_criteria") || columnText(row, "requirements");
        const read = readStep(text, columnItems(row, "first_line"));
        const quote = spanQuote(row, "step_criteria", "step_criteria") ?? spanQuote(row, null, "step_criteria");
        if (!quote) continue;
        const heading = [columnText(row, "therapy_class"), `first line ${columnItems(row, "first_line").join(", ")}`].filter(Boolean).join("; ");
        if (read) push({ text: `Step Therapy Criteria (${heading}): ${text}`, quote, check: read.check, rule: `list.${read.rule}`, notes: noteOf(legend) });
        else push({ text: `Step Therapy Criteria (${heading}): ${text}`, quote, check: { kind: "manual" }, rule: "list.st.unread", notes: noteOf(legend) });
      }
      if (found.length) continue;
    } else if (list) {
      const found = matchingRows(rows, drug);
      const reads = found.flatMap((row) => {
        const text = columnText(row, "requirements");
        const quote = spanQuote(row, null, "requirements");
        const read = kind === "quantity_limit" ? readQuantity(text) : readAge(text);
        return quote ? [{ row, text, quote, read }] : [];
      });
      const distinct = reads.filter((r, i) => reads.findIndex((o) => (o.read && r.read ? sameCheck(o.read.check, r.read.check) : o.text === r.text)) === i);
      if (distinct.length > 1) warnings.push(`${drug.nameCell}: the ${list} list gives ${distinct.length} different limits by strength or form; each is a criterion.`);
      for (const r of distinct) {
        const what = `${columnText(r.row, "name")} ${columnText(r.row, "brand")}`.replace(/\s+/g, " ").trim();
        const check = r.read?.check ?? { kind: "manual" as const };
        const drugNote = distinct.length > 1 && check.kind === "quantity_limit" ? { drug: what } : {};
        push({ text: `${list === "quantity" ? "Quantity Limitation List" : "Age Limitation List"}: ${what}: ${r.text}`, quote: r.quote, check: { ...check, ...drugNote } as Check, rule: r.read ? `list.${r.read.rule}` : `list.${list}.unread`, notes: noteOf(legend) });
        if (r.read?.unread) push({ text: `Quantity Limitation List: ${what}, not read: "${r.read.unread}"`, quote: r.quote, check: { kind: "manual" }, rule: "list.ql.second-limit-unread", notes: noteOf(legend) });
      }
      if (distinct.length) continue;
    }
    // 3. A footnote the marked code points to.
    const footnote = footnoteOf(item.code, drug.page, ctx.lines);
    if (footnote) {
      const read = kind === "quantity_limit" ? [readQuantity(footnote.text)] : kind === "age_limit" ? [readAge(footnote.text)] : kind === "step_therapy" ? [readStep(footnote.text)] : readClauses(footnote.text);
      for (const r of read) push({ text: `${item.code}: ${footnote.text}`, quote: footnote.quote, check: r?.check ?? { kind: "manual" }, rule: r ? `footnote.${r.rule}` : "footnote.manual", notes: noteOf(legend) });
      continue;
    }
    // 4. An appendix entry under the drug's name (PA and ST codes whose criteria the book keeps apart).
    if (kind === "prior_authorization" || kind === "step_therapy") {
      const { names, written } = rowNames(drug.nameCell, drug.brandCell);
      const entry = appendixEntryOf(names.filter((n) => n !== written), ctx.lines, ctx.tableLines ?? new Set());
      if (entry) {
        // Items joined by "or" are alternatives the reader does not weigh: the entry goes to a person, quoted.
        if (entry.items.some((i) => i.joiner === "or")) {
          for (const e of entry.items) push({ text: `${item.code} (${entry.heading.text}): ${e.text}`, quote: e.quote, check: { kind: "manual" }, rule: "appendix.alternatives", notes: noteOf(legend) });
          continue;
        }
        for (const e of entry.items) {
          const reads = kind === "step_therapy" ? [readStep(e.text)] : readClauses(e.text);
          for (const r of reads) push({ text: `${item.code} (${entry.heading.text}): ${e.text}`, quote: e.quote, check: r?.check ?? { kind: "manual" }, rule: r ? `appendix.${r.rule}` : "appendix.manual", notes: noteOf(legend) });
        }
        continue;
      }
    }
    // 5. Nothing in the book: a person reviews it against the payer's criteria.
    manual(kind === "prior_authorization" ? "required; the document holds no criteria for it" : `required; the document states no criteria for it`);
  }
  return { criteria, codes, warnings };
}
