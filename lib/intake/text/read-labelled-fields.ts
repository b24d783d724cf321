// Labelled fields of a page: "Label: value" pairs found line by line, whatever the form. A label is a known phrase
// (form-labels.ts) that starts a cell, or follows another field's value, and ends with a colon (or stands alone in
// its cell, or is a code label followed by a code). Its value runs to the next label on the line; an empty value
// is looked for right below the label. Generic labels ("Phone", "City") belong to the column they sit in: section
// headings ("Member Information | Provider Information") say whose column is whose.
import { LABEL_PATTERN, isLabelStart, labelDefs, type FieldKind, type LabelDef, type Role } from "./form-labels";
import { readChoiceList } from "./choice-list";
import { pageLines, xAt, type Cell, type Line } from "@/lib/documents/layout/page-lines";
import { readTrialTableRow, trialColumnKind, type TrialTable } from "./trial-table";
import { cellsByHeading, headingLine, rowLines, wrappedHeadings } from "./heading-table";
import { findDrugMentions } from "@/lib/lexicon/drugs";
import type { PageLayout } from "@/lib/documents/layout/page-layout";

export interface Span {
  start: number;
  end: number;
}

export interface FieldHit {
  kind: FieldKind;
  role: Role;
  /** The label as written. */
  label: string;
  /** The value, cleaned of rules, check boxes and cell separators. */
  value: string;
  /** Where the value is in the page text (more than one span when it continues on the next line). */
  spans: Span[];
  line: number;
  /** Inside a list of drugs tried before (a trial section)? Its default outcome, from the section's wording. */
  trial: TrialSection | null;
}

export interface QuestionHit {
  question: string;
  answer: string;
  questionSpan: Span;
  answerSpan: Span;
  line: number;
}

export interface TrialSection {
  outcome: "failed" | "inadequate_response" | "intolerant" | "contraindicated" | "unknown";
  /** The heading or question that opened the section. */
  heading: string;
  headingLine: number;
}

export interface PageFields {
  hits: FieldHit[];
  questions: QuestionHit[];
  /** Lines inside trial sections that hold no label: free text naming drugs tried. */
  trialText: { line: Line; section: TrialSection }[];
  lines: Line[];
}

const HEADING: [Role, RegExp][] = [
  // A section named by one word or two ("Patient", "A. RECIPIENT", "Prescribing clinician", "B. PRESCRIBER").
  ["patient", /^\s*(?:[A-H0-9]{1,2}[.)]\s*)?(?:patient|member|recipient|enrollee|beneficiary)\s*$/i],
  ["prescriber", /^\s*(?:[A-H0-9]{1,2}[.)]\s*)?(?:prescriber|prescribing (?:clinician|provider|physician)|provider|physician|clinician)\s*$/i],
  ["medication", /^\s*(?:[A-H0-9]{1,2}[.)]\s*)?(?:medication|drug)\s*$/i],
  ["patient", /\b(?:member|patient|enrollee|beneficiary|subscriber|recipient|cardholder)(?:['’]s)?\s+(?:information|info|details|demographics|data)\b/i],
  ["prescriber", /\b(?:provider|prescriber|physician|prescribing|requesting|doctor|practitioner|prescriber\/provider)(?:['’]s)?\s+(?:information|info|details|data)\b/i],
  ["medication", /\b(?:medication|drug|prescription|medicine)s?\s+(?:information|info|details|requested)\b/i],
  ["diagnosis", /\b(?:clinical|diagnosis|diagnostic)\s+(?:information|info|details)\b/i],
];

/** Words of a question or heading that introduces drugs tried before. */
const TRIAL_WORDS =
  /\b(?:(?:medications?|drugs?|therap(?:y|ies)|treatments?|agents?|regimens?)\b[^.?]{0,80}\b(?:tried|failed|failures?|trials?|inadequate|intoleran(?:t|ce)|contraindicat\w*)|(?:tried|failed|failures?|trials?|inadequate response|intoleran(?:t|ce)|contraindicat\w*)\b[^.?]{0,80}\b(?:medications?|drugs?|therap(?:y|ies)|treatments?|agents?)|step therapy|(?:prior|previous|past)\s+(?:medications?|therap(?:y|ies)|treatments?|drugs?|regimens?)|(?:medication|treatment) history|formulary alternatives?)/i;
/** Section headings of notes and forms that end a trial section. */
const SECTION_END =
  /^[\s●•○▪*-]*(?:review of systems|ros|physical exam(?:ination)?|vitals?|vital signs|assessment|plan|impression|subjective|objective|hpi|history of present illness|allergies|social history|family history|labs?|laboratory|results|findings|signature|(?:prescriber|provider) attestation|attestation|comments?)\b[^a-z]*$/i;

function trialOutcome(text: string): TrialSection["outcome"] {
  const t = text.toLowerCase();
  const failure = /fail/.test(t);
  const inadequate = /inadequate|insufficient|lack of (?:efficacy|response)/.test(t);
  const intolerant = /intoleran|side effect|adverse/.test(t);
  const contraindicated = /contraindicat/.test(t);
  const count = [failure, inadequate, intolerant, contraindicated].filter(Boolean).length;
  if (inadequate && !intolerant && !contraindicated) return "inadequate_response";
  if (count === 1 && intolerant) return "intolerant";
  if (count === 1 && contraindicated) return "contraindicated";
  if (failure || inadequate) return "failed";
  return "unknown";
}

/** A parenthesised instruction written after a label's colon, not a value. */
const INSTRUCTION = /^\((?:please\s+)?(?:specify|include|list|enter|provide|print|indicate|describe|write|attach|state|check|select)\b[^)]*\)$/i;
const DOSING_ASKED = /\b(?:dos(?:e|ing|age)|directions?|sig|schedule|frequency)\b/i;

/** Characters that may stand before a label at the start of a cell: bullets, check boxes, numbering. */
// A numbered field's number may stand with a space only ("13 Drug name"), as numbered-field forms print it.
const CELL_LEAD = /^[\s❑☐☑☒■□▪•●○*\-–>]*(?:\(?[0-9]{1,2}[.)]|\(?[a-h][.)]|[0-9]{1,2}(?=\s))?\s*$/;
const TERMINATOR = /^\s*(?:\([^)\n]{0,40}\)\s*)?(?:#\s*)?[:：]|^\s*#(?=\s)/;
const JUNK_START = /^[\s:：|#_.…]+|^[❑☐☑■□]\s*/;
// A lone asterisk at the end is the required-field mark of the next label ("4567890 | * Date of Birth:").
const JUNK_END = /(?:[\s|_:]|\s\*+)+$/;

interface Candidate {
  defs: LabelDef[];
  label: string;
  labelStart: number;
  valueStart: number;
  x: number | null;
  /** Alone in its cell without a colon: a column heading. */
  alone: boolean;
}

/** A cell that reads like a field name: a few words, no digits, often with "#", "No." or a format hint. */
// A hint in parentheses may wrap onto the next line ("NDC (if" over "known)").
const LABEL_LIKE = /^(?:\d{1,2}[.)]?\s+)?[A-Z][A-Za-z/&' .-]{1,40}(?:\s*(?:#|No\.?|Number|\([^)]{0,40}\)?))?:?$/;
const LABEL_WORD = /#|\b(?:no\.?|number|id|date|name|code|type|group|plan|bin|pcn|dea|tax|license|phone|fax|email|address|city|state|zip|ndc|strength|form|quantity|qty|supply|refills|npi|specialty|sex|gender)\b/i;

/**
 * A row of column headings ("Member ID | Group #", "Phone | Fax | Specialty") whose values sit in the row below:
 * every cell is a heading, at least one is a known label, and there are two known labels or the others read as
 * field names.
 */
function isHeadingRow(line: Line, candidates: Candidate[]): boolean {
  const cells = line.cells.filter((c) => c.text.trim());
  if (cells.length < 2 || !candidates.length || candidates.some((c) => !c.alone)) return false;
  const cellOf = (c: Candidate) => cells.findIndex((cell) => c.labelStart >= cell.start - line.start && c.labelStart < cell.end - line.start);
  // A label after a value in its cell (a value typed up to the next column's label) makes the line a row of values.
  if (candidates.some((c) => cells[cellOf(c)] && !CELL_LEAD.test(line.text.slice(cells[cellOf(c)].start - line.start, c.labelStart)))) return false;
  const labelled = new Set(candidates.map(cellOf));
  const others = cells.filter((_, i) => !labelled.has(i));
  if (others.some((c) => !LABEL_LIKE.test(c.text.trim()))) return false;
  return labelled.size >= 2 || others.some((c) => LABEL_WORD.test(c.text));
}

/**
 * The heading row of a table of drugs tried whose other headings are not labels the reader knows ("Drug Name |
 * Dates taken & how long | Documented results, including intolerances"): the drug label alone in its cell, every
 * other cell a heading about dates or results (no colon, no digits). The index of the drug's cell, else -1.
 */
function trialTableDrugColumn(line: Line, candidates: Candidate[]): number {
  const drug = candidates.find((c) => c.alone && c.defs.some((d) => d.kind === "drug"));
  if (!drug) return -1;
  const index = line.cells.findIndex((cell) => drug.labelStart >= cell.start - line.start && drug.labelStart < cell.end - line.start);
  const others = line.cells.filter((cell, k) => k !== index && cell.text.trim());
  return others.length > 0 && others.every((cell) => trialColumnKind(cell.text) !== null && !/[:：\d]/.test(cell.text)) ? index : -1;
}

function cleanSpan(text: string, start: number, end: number, offset: number): { value: string; span: Span } | null {
  let s = start;
  let e = end;
  for (;;) {
    const m = JUNK_START.exec(text.slice(s, e));
    if (!m || !m[0].length) break;
    s += m[0].length;
  }
  const tail = JUNK_END.exec(text.slice(s, e));
  if (tail) e -= tail[0].length;
  // A run of underscores inside (a rule the value was typed on) ends or starts the value.
  const raw = text.slice(s, e);
  const rule = /_{3,}/.exec(raw);
  if (rule) {
    if (rule.index === 0) return cleanSpan(text, s + rule[0].length, e, offset);
    e = s + rule.index;
    return cleanSpan(text, s, e, offset);
  }
  const value = text.slice(s, e).replace(/ \| /g, " ").replace(/\s+/g, " ").trim();
  if (!value) return null;
  return { value, span: { start: offset + s, end: offset + e } };
}

function headingRoles(line: Line): { role: Role; x0: number | null; x1: number | null }[] | null {
  const cells = line.cells.filter((c) => c.text.trim());
  if (!cells.length || line.text.length > 160) return null;
  // "Medication Requested: Humira" is a field, not a heading: a heading carries no value after a colon.
  if (cells.some((c) => /[:：]\s*[^\s(*]/.test(c.text))) return null;
  const roles = cells.map((c) => HEADING.find(([, re]) => re.test(c.text))?.[0] ?? null);
  if (roles.some((r) => r === null)) return null;
  return cells.map((c, i) => ({ role: roles[i] as Role, x0: c.x0, x1: c.x1 }));
}

/** A line that opens a section: a heading of a role ("Patient Information") or a numbered section ("SECTION C - ..."). */
const isSectionHeading = (line: Line) => headingRoles(line) !== null || /^\s*section\s+[A-Z0-9]{1,2}\b/i.test(line.text);

function looksLikeCode(kind: FieldKind, after: string): boolean {
  const next = after.trimStart();
  if (kind === "npi" || kind === "ndc") return /^\d{4}/.test(next);
  if (kind === "dob") return /^\d{1,4}[/-]/.test(next);
  if (kind === "icd10") return /^[A-Z]\d[0-9A-Z]/.test(next);
  if (kind === "procedureCode") return /^(?:\d{4}[0-9A-Z]|[A-Z]\d{4})\b/.test(next);
  return false;
}

/** A cell that opens with a known label and then its value, with no colon between ("Name Gregory Tsai", "Qty 30"). */
function opensWithBareLabel(cell: Cell): boolean {
  LABEL_PATTERN.lastIndex = 0;
  const m = LABEL_PATTERN.exec(cell.text);
  if (!m || !labelDefs(m[1]).length || !CELL_LEAD.test(cell.text.slice(0, m.index))) return false;
  return /^[^\S\n]+(?:[^\s:：|(]|\(\d)/.test(cell.text.slice(m.index + m[0].trimEnd().length));
}

/**
 * A form whose fields are printed "Label value | Label value" with no colons (a fax form typed in a word
 * processor): at least three lines where two or more cells each open with a known label and its value, or two such
 * lines among six or more labelled cells of multi-cell lines (on a scan, one misread label, "Tel" read as "rel", must
 * not turn the whole form into prose). Only on such a page is a label followed by a value without a colon read as a field.
 */
function isBareLabelForm(lines: Line[]): boolean {
  const rows = lines.filter((l) => l.cells.filter((c) => c.text.trim()).length >= 2).map((l) => l.cells.filter(opensWithBareLabel).length);
  const paired = rows.filter((n) => n >= 2).length;
  const labelled = rows.reduce((sum, n) => sum + n, 0);
  return paired >= 3 || (paired >= 2 && labelled >= BARE_LABEL_CELLS);
}

/** Labelled cells that make a bare-label form of a page with only two lines of paired labels. */
const BARE_LABEL_CELLS = 6;

/**
 * Where a page's table columns start: cell starts shared by three lines or more. A known label that starts at one
 * inside a cell (a value typed up to the next column's label: "Forteo 620 mcg/2.48 Dispense Quantity | 1") starts a
 * field of its own.
 */
function columnStarts(lines: Line[]): number[] {
  const counts = new Map<number, number>();
  for (const line of lines) for (const x of new Set(line.cells.map((c) => (c.x0 === null ? null : Math.round(c.x0))))) if (x !== null) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].filter(([, n]) => n >= 3).map(([x]) => x);
}

/**
 * A label at its cell's start typed up against its value, the value starting at the next column's start (a long
 * "Specialty (if applicable)" running into its box: "Specialty (if applicable) Adult Neurology").
 */
function valueAtColumn(line: Line, labelEnd: number, after: string, columns: number[]): boolean {
  const lead = /^[^\S\n]+/.exec(after)?.[0] ?? "";
  if (!lead || !/^[A-Za-z0-9]/.test(after.slice(lead.length))) return false;
  const x = xAt(line, line.start + labelEnd + lead.length);
  const cell = line.cells.find((c) => line.start + labelEnd >= c.start && line.start + labelEnd <= c.end);
  // The label's cell starts a column of the table (a centred heading does not), the value the next column.
  const cellX = cell?.x0 ?? null;
  if (x === null || cellX === null || !columns.some((start) => Math.abs(start - cellX) <= 3)) return false;
  return columns.some((start) => start > cellX + 30 && Math.abs(start - x) <= 15);
}

function findLabelCandidates(line: Line, bareLabels = false, columns: number[] = []): Candidate[] {
  const found: Candidate[] = [];
  LABEL_PATTERN.lastIndex = 0;
  for (const m of line.text.matchAll(LABEL_PATTERN)) {
    const defs = labelDefs(m[1]);
    if (!defs.length) continue;
    const labelStart = m.index;
    // A phrase may end in optional characters ("npi #"): the label ends at its last non-space character.
    const labelEnd = m.index + m[0].trimEnd().length;
    const cell = line.cells.find((c) => labelStart >= c.start - line.start && labelStart <= c.end - line.start);
    const cellStart = cell ? cell.start - line.start : 0;
    const before = line.text.slice(cellStart, labelStart);
    const atCellStart = CELL_LEAD.test(before);
    // Inside a cell, a label must follow another field's value and be capitalised ("Qty: 30  Days Supply: 30").
    const afterValue = !atCellStart && found.length > 0 && /\s$/.test(before) && /^[A-Z]/.test(m[1]);
    if (!atCellStart && !afterValue) continue;
    const after = line.text.slice(labelEnd);
    const term = TERMINATOR.exec(after);
    // After a value, at a column's start and ending its cell: the next column's label, its value in the next cell.
    const x = afterValue && !term && /^(?:$| \| )/.test(after) ? xAt(line, line.start + labelStart) : null;
    const atColumn = x !== null && columns.some((start) => Math.abs(start - x) <= 20);
    // "Date of Birth (MM/DD/YYYY)" alone in its cell: a column heading whose value is in the next cell or below.
    const hint = /^\s*(?:#|\([^)|]{0,40}\))/.exec(after)?.[0] ?? "";
    const rest = after.slice(hint.length);
    const alone = (atCellStart || atColumn) && (rest === "" || rest.startsWith(" | "));
    let valueStart: number;
    if (term) valueStart = labelEnd + term[0].length;
    else if (alone) valueStart = labelEnd + hint.length;
    else if (atCellStart && valueAtColumn(line, labelEnd, after, columns)) valueStart = labelEnd + (/^[^\S\n]+/.exec(after)?.[0].length ?? 0);
    else if (defs.some((d) => d.bare) && looksLikeCode(defs[0].kind, after)) valueStart = labelEnd;
    else if (bareLabels && atCellStart && /^[^\S\n]+(?:[^\s:：|(]|\(\d)/.test(after)) valueStart = labelEnd;
    else continue;
    found.push({ defs, label: m[1].trim(), labelStart, valueStart, x: xAt(line, line.start + labelStart), alone: alone && !term });
  }
  return found;
}

interface Column {
  role: Role;
  x0: number | null;
  x1: number | null;
}

function roleByColumn(columns: Column[], x: number | null): Role | null {
  const index = columnIndex(columns, x);
  return index < 0 ? null : columns[index].role;
}

const DEFAULT_ROLE: Partial<Record<FieldKind, Role>> = { fax: "prescriber" };

/** Index of the section column a position falls in, by the midpoints between headings; -1 without positions. */
function columnIndex(columns: Column[], x: number | null): number {
  if (columns.length < 2 || x === null || columns.some((c) => c.x0 === null || c.x1 === null)) return -1;
  for (let i = columns.length - 1; i > 0; i--) {
    if (x >= ((columns[i - 1].x1 as number) + (columns[i].x0 as number)) / 2 - 4) return i;
  }
  return 0;
}

/**
 * Where a value ends at the latest: the first cell after it that sits in another section column. Side-by-side
 * sections share text lines, so the next cell may be the other column's text ("Physician Name: A. Smith, MD |
 * *Due to privacy regulations ..."), never part of this value.
 */
function columnEnd(line: Line, columns: Column[], c: Candidate): number {
  const own = columnIndex(columns, c.x);
  if (own < 0) return line.text.length;
  const other = line.cells.find((cell) => cell.start - line.start >= c.valueStart && cell.x0 !== null && columnIndex(columns, cell.x0) !== own);
  return other ? other.start - line.start : line.text.length;
}

/**
 * Where a label the reader does not know starts inside a value: a required-field asterisk before a few words
 * and a colon ("Pediatrics * DEA or TIN: 123"), or a cell of its own that opens with words and a colon.
 */
const MARKED_LABEL = /(?:^|\s)\*\s?[A-Z][A-Za-z0-9,/&'#.() -]{0,40}[:：]/;
/** A later cell that opens with a few words and a colon is another field ("Dose: | Frequency of therapy: 1 cycle"). */
const CELL_LABEL = / \| (?=[A-Z][A-Za-z/&'’# ]{2,40}[:：])/;
function markedLabelAt(text: string, start: number, end: number): number {
  // Looked for past `end` too: the next known label may sit inside the unknown one ("Tax ID#:").
  const rest = text.slice(start);
  const found = [MARKED_LABEL.exec(rest), CELL_LABEL.exec(rest)].filter((m) => m !== null).map((m) => start + m.index);
  const cell = CELL_LABEL.exec(rest);
  if (cell) {
    // "City: | New York State: | NY": the cell's words before the next known label ("State") are this value.
    const cellStart = start + cell.index + cell[0].length;
    const colon = text.slice(cellStart).search(/[:：]/) + cellStart;
    if (end > cellStart && end < colon) found.splice(found.indexOf(start + cell.index), 1);
  }
  return Math.min(end, ...found);
}

interface WrappedLabel {
  candidate: Candidate;
  /** The label's second line, on the next line: part of the label, never a label or value of its own. */
  tail: Cell;
}

/** Words that carry a label on to its box's second line ("strength" under "Drug name and"). */
const LABEL_TAIL = /^[a-z][a-z/&'’ .()-]{0,30}$/;

/**
 * Labels written on two lines of their box ("Drug name and" over "strength"), by line: a cell that is no known label,
 * with a cell of lower-case words right under it (same left edge) that together make one.
 */
function wrappedLabels(lines: Line[]): Map<number, WrappedLabel> {
  const found = new Map<number, WrappedLabel>();
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (!next) return;
    for (const cell of line.cells) {
      const text = cell.text.trim();
      if (cell.x0 === null || !LABEL_LIKE.test(text) || labelDefs(text).length) continue;
      const tail = next.cells.find((b) => b.x0 !== null && Math.abs(b.x0 - (cell.x0 as number)) <= 3 && LABEL_TAIL.test(b.text.trim()));
      const label = tail ? `${text} ${tail.text.trim()}` : "";
      const defs = tail ? labelDefs(label) : [];
      if (!tail || !defs.length) continue;
      const labelStart = cell.start - line.start + (cell.text.length - cell.text.trimStart().length);
      found.set(i, { tail, candidate: { defs, label, labelStart, valueStart: cell.end - line.start, x: cell.x0, alone: true } });
      return;
    }
  });
  return found;
}

/** Labelled fields, questions and trial-section text of one page. */
export function readLabelledFields(page: { text: string; layout?: PageLayout }): PageFields {
  const lines = pageLines(page);
  const hits: FieldHit[] = [];
  const questions: QuestionHit[] = [];
  const trialText: PageFields["trialText"] = [];
  let columns: Column[] = [];
  let trial: TrialSection | null = null;
  let table: TrialTable | null = null;
  const bareLabels = isBareLabelForm(lines);
  const columnsAt = columnStarts(lines);
  const twoLineLabels = wrappedLabels(lines);
  const findCandidates = (line: Line) => {
    const found = findLabelCandidates(line, bareLabels, columnsAt);
    const wrapped = twoLineLabels.get(line.index);
    const above = twoLineLabels.get(line.index - 1);
    // The second line of a label above is the label's, not a label of this line.
    const own = above ? found.filter((c) => c.labelStart < above.tail.start - line.start || c.labelStart >= above.tail.end - line.start) : found;
    if (!wrapped || own.some((c) => c.labelStart === wrapped.candidate.labelStart)) return own;
    return [...own, wrapped.candidate].sort((a, b) => a.labelStart - b.labelStart);
  };

  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (!line.text.trim()) continue;
    const heading = headingRoles(line);
    if (heading) {
      columns = heading;
      trial = null;
      // "Medication requested:" heads its section and is also the field whose value is written below it.
      if (!findCandidates(line).some((c) => !c.alone)) continue;
    }
    if (trial && (i - trial.headingLine > 25 || SECTION_END.test(line.text.replace(/:.*$/, "")))) trial = null;
    let candidates = findCandidates(line);
    // A row of column headings written on two lines ("Quantity / days" over "supply"): its labels are both lines'.
    let rowFrom = i + 1;
    const wrapped = isHeadingRow(line, candidates) ? wrappedHeadings(line, lines[i + 1]) : null;
    if (wrapped) {
      const joined = headingLine(line, wrapped);
      const more = findCandidates(joined);
      // Compared with the labels the line has by itself (not a two-line label read from the same two lines).
      const known = new Set(findLabelCandidates(line, bareLabels, columnsAt).map((c) => c.label.toLowerCase()));
      if (isHeadingRow(joined, more) && more.some((c) => !known.has(c.label.toLowerCase()))) {
        line = joined;
        candidates = more;
        rowFrom = i + 2;
      }
    }
    const question = readQuestion(line, candidates);
    if (question) {
      const previous = lines[i - 1]?.text.trim() ?? "";
      if (/^[a-z]/.test(question.question) && previous && !/[.?:]\s*\**$/.test(previous)) question.question = `${previous} ${question.question}`;
      questions.push({ ...question, line: i });
      if (TRIAL_WORDS.test(question.question) && !/diagnos/i.test(question.question)) {
        trial = { outcome: trialOutcome(question.question), heading: question.question, headingLine: i };
      } else if (!candidates.length) {
        // Another question closes a trial section.
        trial = null;
      }
    } else if (!candidates.length && TRIAL_WORDS.test(line.text) && line.text.length < 240 && /[:?*]\s*$|^[A-Z][^.]*$/.test(line.text.trim()) && !isRequestTitle(line.text)) {
      trial = { outcome: trialOutcome(line.text), heading: line.text.trim(), headingLine: i };
      continue;
    }
    if (!candidates.length) {
      if (trial && table && trial.headingLine === table.heading.index && !question) hits.push(...readTrialTableRow(table, line, trial));
      else if (trial && !question && i > trial.headingLine) trialText.push({ line, section: trial });
      continue;
    }
    // A trial table row ("Medication: ... | Date of trial: ...") opens a trial section of its own.
    // Under a heading of the drug requested, a start date is the request's: only a result or a duration says trial.
    const requestSection = columns.length === 1 && columns[0].role === "medication";
    const trialKinds = requestSection ? ["trialOutcome", "trialDuration"] : ["trialDates", "trialOutcome", "trialDuration"];
    if (!trial && candidates.some((c) => c.defs[0].role === "trial" && trialKinds.includes(c.defs[0].kind)) && candidates.some((c) => c.defs[0].kind === "drug")) {
      trial = { outcome: "unknown", heading: line.text, headingLine: i };
    }
    const headingRow = isHeadingRow(line, candidates);
    const drugColumn = headingRow ? -1 : trialTableDrugColumn(line, candidates);
    if (drugColumn >= 0) {
      trial = { outcome: trialOutcome(line.text), heading: line.text, headingLine: i };
      table = { heading: line, drugColumn };
      continue;
    }
    let sequenceRole: Role | null = null;
    const seenKinds = new Set<string>();
    candidates.forEach((c, k) => {
      const next = k + 1 < candidates.length ? candidates[k + 1].labelStart : line.text.length;
      const end = Math.min(next, columnEnd(line, columns, c), markedLabelAt(line.text, c.valueStart, next));
      // In a row of column headings each value is in the row below, under its heading; never the next heading.
      const sameLineEnd = headingRow ? c.valueStart : end;
      let cleaned = c.valueStart < sameLineEnd ? cleanSpan(line.text, c.valueStart, sameLineEnd, line.start) : null;
      // "(please specify name, strength, and dosing schedule)" after the colon tells what to write, below.
      const instruction = cleaned && INSTRUCTION.test(cleaned.value) ? cleaned.value : null;
      if (instruction) cleaned = null;
      // "Medication: Strength and | Route of Administration:": the words after a label that begin another label
      // ("Strength and Route of Administration") are that label's, not this one's value.
      if (cleaned && isLabelStart(cleaned.value)) cleaned = null;
      const spans: Span[] = [];
      let value = "";
      if (cleaned) {
        value = cleaned.value;
        spans.push(cleaned.span);
      } else if (!(trial && candidates.length > 1)) {
        const below: { value: string; span: Span; above?: Span; more?: Span[] } | null = headingRow ? valueUnder(lines, rowFrom, line, c) : valueBelow(lines, i, c);
        if (below) {
          value = below.value;
          if (below.above) spans.push(below.above);
          spans.push(below.span, ...(below.more ?? []));
        }
      }
      const def = chooseDef(c.defs, trial !== null);
      if (!def) return;
      let role: Role | null = def.role;
      // "Drug requested" names the request wherever it stands; another drug label inside a trial section is a trial.
      if (def.kind === "drug" && trial && !isRequestLabel(c.label)) role = "trial";
      if (role === "trial" && !trial) return;
      if (role === null) {
        role = roleByColumn(columns, c.x);
        // No positions, but as many cells as the heading has columns: the cell's index is its column.
        if (role === null && columns.length > 1 && line.cells.length === columns.length) {
          const index = line.cells.findIndex((cell) => c.labelStart >= cell.start - line.start && c.labelStart <= cell.end - line.start);
          if (index >= 0) role = columns[index].role;
        }
        if (role === null && columns.length > 1) {
          // No positions: take the columns in order, moving right when a field repeats on the line or a label of
          // the next column's owner has appeared.
          role = sequenceRole ?? columns[0].role;
          if (seenKinds.has(`${role}:${def.kind}`)) {
            const next = columns.findIndex((col) => col.role === role) + 1;
            if (next < columns.length) role = columns[next].role;
          }
        }
        role ??= columns[0]?.role ?? DEFAULT_ROLE[def.kind] ?? "patient";
        if (role === "medication" || role === "diagnosis" || role === "procedure" || role === "trial") role = DEFAULT_ROLE[def.kind] ?? "prescriber";
      } else if (columns.length > 1 && columns.some((col) => col.role === role)) {
        sequenceRole = role;
      }
      seenKinds.add(`${role}:${def.kind}`);
      const twoLine = twoLineLabels.get(i);
      let carried = false;
      if (value && (def.kind === "directions" || def.kind === "diagnosis") && k === candidates.length - 1) {
        const more = continuation(lines, i, value);
        if (more) {
          value = `${value} ${more.value}`;
          spans.push(more.span);
          carried = true;
        }
      }
      if (value && !carried && twoLine?.candidate !== c && WRAPPING_KINDS.has(def.kind) && spans.length === 1 && spans[0].start >= line.start && spans[0].end <= line.end) {
        const more = wrappedValue(lines, i, c, spans[0]);
        if (more) {
          value = `${value} ${more.value}`;
          spans.push(more.span);
        }
      }
      // Beside a two-line label, the value's second line is beside the label's ("Vyvanse ... 30" over "mg capsule").
      if (value && twoLine?.candidate === c && lines[i + 1]) {
        const valueCell = line.cells.find((cell) => spans[0].start >= cell.start && spans[0].start <= cell.end);
        const more = lines[i + 1].cells.find((cell) => cell !== twoLine.tail && cell.x0 !== null && valueCell?.x0 != null && Math.abs(cell.x0 - valueCell.x0) <= 3);
        const tail = more && !findLabelCandidates(lines[i + 1]).some((n) => n.labelStart >= more.start - lines[i + 1].start) ? cleanSpan(more.text, 0, more.text.length, more.start) : null;
        if (tail) {
          value = `${value} ${tail.value}`;
          spans.push(tail.span);
        }
      }
      cleaned = null;
      hits.push({ kind: def.kind, role, label: c.label, value, spans, line: i, trial: role === "trial" || def.role === "trial" ? trial : null });
      // Asked for the name and the dosing together, the prescriber wrote the dosing in the cells after the name.
      const below = spans[0] && lines[i + 1] && spans[0].start >= lines[i + 1].start ? lines[i + 1] : null;
      if (def.kind === "drug" && instruction && DOSING_ASKED.test(instruction) && below) {
        const rest = below.cells.filter((cell) => cell.start >= spans[0].end);
        const dosing = rest.length ? cleanSpan(below.text, rest[0].start - below.start, below.text.length, below.start) : null;
        if (dosing) hits.push({ kind: "directions", role, label: c.label, value: dosing.value, spans: [dosing.span], line: i + 1, trial: null });
      }
    });
  }
  return { hits, questions, trialText, lines };
}

/**
 * A form's title naming the kinds of request it serves ("Prior Authorization / Step Therapy / Age Limit", "Step
 * Therapy Exception Request Form"): it opens no list of drugs tried, though it says "step therapy".
 */
export function isRequestTitle(text: string): boolean {
  const t = text.trim();
  if (/[:?]\s*$/.test(t) || /\b(?:tried|failed|failure|trials?|taken|used|list)\b/i.test(t)) return false;
  return /\b(?:prior\s+auth(?:orization)?|pre-?authorization|coverage\s+(?:request|determination)|exception|request\s+form|age\s+limit|quantity\s+limit)\b/i.test(t);
}

/** A drug label that itself says the drug is the one requested ("Drug requested", "Medication being requested"). */
export const isRequestLabel = (label: string) => /\brequest(?:ed|ing)?\b/i.test(label);

function chooseDef(defs: LabelDef[], inTrial: boolean): LabelDef | null {
  if (inTrial) return defs.find((d) => d.role === "trial" || d.kind === "drug") ?? defs[0];
  return defs.find((d) => d.role !== "trial") ?? null;
}

/** A cell that starts a table's next row rather than carrying the one above on: it opens with a drug's name. */
const startsRow = (text: string) => findDrugMentions(text).some((m) => m.start === 0);

/**
 * The value under a column heading: the cell in the same column of the row below (by position, else by index),
 * with its continuation on the lines below when the row's cells wrap.
 */
function valueUnder(lines: Line[], from: number, line: Line, c: Candidate): { value: string; span: Span; above?: Span; more?: Span[] } | null {
  // The table ends a column's width right of its last heading: lines whose every cell is further right are a side
  // bar's beside the table ("Repatha SureClick" in a list of other drugs), not its values.
  const starts = line.cells.map((h) => h.x0);
  const right = starts.length >= 2 && starts.every((x) => x !== null) ? (starts.at(-1) as number) * 2 - (starts.at(-2) as number) : Infinity;
  const beside = (l: Line) => l.cells.every((v) => v.x0 !== null && v.x0 >= right - 5);
  while (lines[from] && lines[from].text.trim() && beside(lines[from]) && from < lines.length - 1) from++;
  const next = lines[from];
  // A section's heading ends the table: it is the next section, never a value.
  const ends = (l: Line) => findLabelCandidates(l).some((n) => !n.alone) || l.cells[0].text.includes("?") || isSectionHeading(l);
  if (!next || !next.text.trim() || ends(next)) return null;
  const index = line.cells.findIndex((cell) => c.labelStart >= cell.start - line.start && c.labelStart < cell.end - line.start);
  const heading = line.cells[index];
  const under = (row: Line): Cell | undefined => {
    if (heading && heading.x0 !== null && heading.x1 !== null) {
      const h0 = heading.x0;
      const nextHeading = line.cells[index + 1];
      const h1 = nextHeading?.x0 ?? right;
      return cellsByHeading(line.cells, row).find((v) => v.x0 !== null && v.x0 >= h0 - 15 && v.x0 < h1 - 5);
    }
    return row.cells.length === line.cells.length ? row.cells[index] : undefined;
  };
  const cell = under(next);
  if (!cell || cell.text.length > 120) return null;
  const first = cleanSpan(cell.text, 0, cell.text.length, cell.start);
  if (!first) return null;
  const wraps = rowLines(lines, from, line.cells, startsRow).slice(1);
  // A line with a label on it is the next field, never the rest of a value.
  const stop = wraps.findIndex((j) => findLabelCandidates(lines[j]).length > 0 || headingRoles(lines[j]));
  const rest = (stop < 0 ? wraps : wraps.slice(0, stop))
    .map((j) => under(lines[j]))
    .map((more) => (more && more.text.length <= 120 ? cleanSpan(more.text, 0, more.text.length, more.start) : null))
    .filter((more) => more !== null);
  if (!rest.length) return first;
  return { value: [first.value, ...rest.map((r) => r.value)].join(" "), span: first.span, more: rest.map((r) => r.span) };
}

/** A value written under its label (forms with the label above the box). */
function valueBelow(lines: Line[], i: number, c: Candidate): { value: string; span: Span; above?: Span } | null {
  const choices = readChoiceList(lines, i);
  if (choices.isList) return choices.written && { value: choices.written.value, span: { start: choices.written.start, end: choices.written.end } };
  const next = lines[i + 1];
  if (!next || !next.text.trim() || findLabelCandidates(next).length || /[?:]\s*\*?$/.test(next.text.trim()) || next.cells[0].text.includes("?")) return null;
  // A section's heading below a label is the next section, never the label's value.
  if (isSectionHeading(next)) return null;
  if (c.x !== null) {
    // Under the label, or under the blank the label leaves on its line for the value (up to the next cell).
    const x = c.x;
    const line = lines[i];
    const boxEnd = line.cells.find((cell) => cell.start - line.start > c.labelStart && cell.x0 !== null)?.x0 ?? Infinity;
    const cell = next.cells.find((cell) => cell.x0 !== null && (Math.abs(cell.x0 - x) <= 30 || (cell.x0 > x && cell.x0 < boxEnd - 5)));
    if (!cell || cell.text.length > 80) return null;
    const below = cleanSpan(cell.text, 0, cell.text.length, cell.start);
    if (!below || cell.x0 === null || Math.abs(cell.x0 - x) <= 3) return below;
    // A two-line value beside its label, centred on it: its first line sits right above, at the same x.
    const prev = lines[i - 1];
    const upper = prev && !findLabelCandidates(prev).length && !headingRoles(prev) ? prev.cells.find((u) => u.x0 !== null && Math.abs(u.x0 - (cell.x0 as number)) <= 3) : undefined;
    const above = upper && !/[:：?]/.test(upper.text) && upper.text.length <= 80 ? cleanSpan(upper.text, 0, upper.text.length, upper.start) : null;
    return above ? { value: `${above.value} ${below.value}`, span: below.span, above: above.span } : below;
  }
  const line = lines[i];
  if (line.cells.length !== 1 || next.cells.length !== 1 || next.text.length > 80) return null;
  return cleanSpan(next.text, 0, next.text.length, next.start);
}

/** Fields whose values are words that may wrap onto a second line of their box. */
const WRAPPING_KINDS = new Set<FieldKind>(["name", "specialty", "nameAndSpecialty", "drug", "diagnosis", "directions"]);

/**
 * The second line of a value wrapped in its box, beside its label ("Prescriber Specialty: | Pediatric" over
 * "Neurologist"): the next line's cell that starts where the value starts, on a line with nothing at the label's
 * place (a label there is the next field's), holding no label, question or bare number.
 */
function wrappedValue(lines: Line[], i: number, c: Candidate, value: Span): { value: string; span: Span } | null {
  const line = lines[i];
  const next = lines[i + 1];
  const x = xAt(line, value.start);
  if (!next || c.x === null || x === null || x <= c.x + 10) return null;
  const cell = next.cells.find((v) => v.x0 !== null && Math.abs(v.x0 - x) <= 8);
  if (!cell) return null;
  if (next.cells.some((v) => v !== cell && v.x0 !== null && v.x0 >= (c.x as number) - 5 && v.x0 < x - 8)) return null;
  if (findLabelCandidates(next).some((n) => n.labelStart < cell.end - next.start && n.labelStart >= cell.start - next.start - 1)) return null;
  const text = cell.text.trim();
  if (!text || text.length > 60 || /[:?：]/.test(text) || /^[\d\s/.,()-]+$/.test(text) || headingRoles(next)) return null;
  return cleanSpan(cell.text, 0, cell.text.length, cell.start);
}

/** The rest of a long value on the next line: its last cell, when it carries on in lower case and holds no label. */
function continuation(lines: Line[], i: number, value: string): { value: string; span: Span } | null {
  const next = lines[i + 1];
  if (!next || /[.;]$/.test(value) || findLabelCandidates(next).length) return null;
  // A field name in the line's first cell ("Current / previous | lisinopril ..."), known label or not, opens
  // another field: its value is not the rest of this one.
  if (next.cells.length > 1 && LABEL_LIKE.test(next.cells[0].text.trim())) return null;
  const cell = next.cells[next.cells.length - 1];
  if (!/^[a-z0-9(µμ]/.test(cell.text.trim()) || cell.text.length > 160) return null;
  return cleanSpan(cell.text, 0, cell.text.length, cell.start);
}

const QUESTION_END = /\?\s*\**\s*(?:\([^)]{0,60}\)?)?\s*$/;
// Check box glyphs: Unicode boxes, and what symbol fonts (Wingdings, ZapfDingbats) without a Unicode map come out
// as: control and private-use characters.
const BOX = "[❑☐☑☒■□\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u009F\\uE000-\\uF8FF]";
// Two or more printed choices in a row, none marked that the text shows ("Yes | No", "Yes | No | Unavailable"):
// boxes drawn as graphics leave no glyph, so the answer cannot be read.
const CHOICE = "(?:yes|no|n\\/a|unknown|unavailable|not applicable|no generic available)";
const UNMARKED_CHOICES = new RegExp(`^${CHOICE}(?:\\s+${CHOICE})+$`, "i");
const CHECKBOXES_ONLY = new RegExp(`^(?:\\s|${BOX})*(?:yes|no|n\\/a|unknown)?(?:\\s*${BOX}\\s*(?:yes|no|n\\/a|unknown))*\\s*$`, "i");

/** A question cell ("... requested?") and what is written after it on the line, if anything. */
function readQuestion(line: Line, candidates: Candidate[]): Omit<QuestionHit, "line"> | null {
  const qCell = line.cells.findIndex((c) => QUESTION_END.test(c.text) || /\?\s*\**\s*$/.test(c.text.slice(0, c.text.indexOf("?") + 2)));
  if (qCell < 0) return null;
  const cell = line.cells[qCell];
  const qm = cell.text.indexOf("?");
  if (qm < 8) return null;
  if (candidates.some((c) => c.labelStart < cell.start - line.start)) return null;
  const question = cell.text.slice(0, qm + 1).trim();
  const restStart = cell.start + qm + 1;
  // The answer ends where the next question of the line begins ("height? 117cm | What is ... weight? | 30kg").
  const nextQuestion = line.cells.slice(qCell + 1).find((c) => c.text.includes("?"));
  const answerText = line.text.slice(restStart - line.start, nextQuestion ? nextQuestion.start - line.start : undefined);
  const cleaned = cleanSpan(answerText, 0, answerText.length, restStart);
  // What follows the question mark may start with a hint ("(provide rationale):"), not part of the answer.
  const written = cleaned?.value.replace(/^\**\s*(?:\([^)]*\)\s*|\([^)]*$)?(?:[:：]\s*)?/, "") ?? "";
  const answer = cleaned && !CHECKBOXES_ONLY.test(cleaned.value) && !UNMARKED_CHOICES.test(written) ? cleaned : null;
  return {
    question,
    answer: answer ? written : "",
    questionSpan: { start: cell.start, end: cell.start + qm + 1 },
    answerSpan: answer?.span ?? { start: restStart, end: restStart },
  };
}
