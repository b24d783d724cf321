// Drugs tried before, with how the trial ended and when, from running text: "failed clobazam (01/2023-06/2023)",
// "despite current therapy of lamotrigine and topiramate", "Valproic acid ..., discontinued due to intolerance".
import type { PriorTreatment } from "@/lib/intake/types";
import { daysBetween, parseDateRange, parseDurationDays, type DateOptions } from "@/lib/lexicon/dates";
import { findDrugMentions, type DrugMention } from "./drug-names";
import { contextOf } from "@/lib/lexicon/context";
import { checkboxLineAt } from "./checkbox-answer";

export type Outcome = PriorTreatment["outcome"];

/**
 * A drug stopped because of a harm it did ("stopped due to rash", "discontinued for pancreatitis"): intolerance. Only
 * after a verb of stopping, since the same words name the disease's own symptoms ("persistent rash despite ...").
 */
const STOPPED_FOR_HARM =
  /\b(?:stopped|discontinued|d\/c'?d|held|switched|changed)\b[^.;\n]{0,30}?\b(?:due to|because of|for|secondary to|after)\s+(?:(?:an?|the|severe|significant|persistent|grade \d)\s+)*(?:rash|hives|nausea|vomiting|diarrh(?:e|o)ea|headaches?|hepatotoxicity|transaminitis|elevated (?:lfts?|liver enzymes|transaminases)|neuropathy|pancreatitis|toxicity|hypersensitivity|anaphylaxis|injection[- ]site reactions?|infusion reactions?|infections?|neutropenia|cytopenias?|thrombocytopenia|mucositis|weight gain|sedation|somnolence|dizziness|mood changes?|behaviou?ral changes?)\b/i;

const OUTCOME_WORDS: [Outcome, RegExp][] = [
  ["contraindicated", /\bcontraindicat\w*/i],
  ["intolerant", STOPPED_FOR_HARM],
  ["intolerant", /\bintoleran(?:t|ce)\b|\bside[- ]effects?\b|\badverse (?:event|effect|reaction)s?\b|\ballerg(?:y|ic)\b|\bnot tolerated\b|\bdid not tolerate\b/i],
  ["inadequate_response", /\binadequate\b|\binsufficient\b|\bsuboptimal\b|\black of (?:response|efficacy|effect)\b|\bno (?:improvement|response|benefit)\b|\bnot (?:effective|controlled)\b|\bdespite\b|\bpersist\w*|\bbreakthrough\b|\bpartial response\b|\brefractory\b|\bprogress(?:ed|ion) on\b|\buncontrolled\b/i],
  ["failed", /\bfail(?:ed|ure|s|ing)?\b|\bineffective\b|\bdid not (?:work|respond|help)\b/i],
  ["ongoing", /\bcurrent(?:ly)?\b|\bongoing\b|\bcontinu(?:es|ing) (?:on|to take)\b|\bremains? on\b|\bstill (?:on|taking)\b|\bnow\b/i],
];

/** The outcome a clause states; `fallback` when it states none. */
export function outcomeOf(clause: string, fallback: Outcome = "unknown"): Outcome {
  for (const [outcome, re] of OUTCOME_WORDS) {
    // An outcome denied or only supposed ("No contraindication to prednisone identified", "X may cause fewer side
    // effects") is not how the trial went.
    const global = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
    for (const m of clause.matchAll(global)) {
      const said = contextOf(clause, m.index, m.index + m[0].length);
      if (!said.some((c) => c === "negated" || c === "hypothetical" || c === "uncertain")) return outcome;
    }
  }
  return fallback;
}

/** The clause around a position: from the previous sentence end to the next, within one line or two. */
export function clauseAround(text: string, start: number, end: number): { text: string; start: number } {
  let s = start;
  const minS = Math.max(0, start - 220);
  // A period between digits ("0.75 mg/kg") ends no sentence.
  const ends = (at: number, marks: RegExp) => marks.test(text[at]) && !(text[at] === "." && /\d/.test(text[at - 1] ?? "") && /\d/.test(text[at + 1] ?? ""));
  while (s > minS && !ends(s - 1, /[.;!?\n]/)) s--;
  // A line that does not end a sentence carries on from the line before, unless either is a table row.
  const lineOf = (at: number) => text.slice(text.lastIndexOf("\n", at - 1) + 1, text.indexOf("\n", at) < 0 ? text.length : text.indexOf("\n", at));
  const tabular = (at: number) => lineOf(at).includes(" | ");
  if (s > minS && text[s - 1] === "\n" && s >= 2 && !/[.;:!?]/.test(text[s - 2]) && !tabular(s) && !tabular(s - 1)) {
    s--;
    while (s > minS && !ends(s - 1, /[.;!?\n]/)) s--;
  }
  let e = end;
  const maxE = Math.min(text.length, end + 220);
  while (e < maxE && !ends(e, /[.;!?]/) && !(text[e] === "\n" && (/[.;:]\s*$/.test(text.slice(s, e)) || tabular(e) || tabular(e + 1)))) e++;
  return { text: text.slice(s, e), start: s };
}

/**
 * The item a drug is on: its line, cut to the sentence around the drug when the line holds several ("A, B (3
 * cycles). Surgery: May 1, 2024": the surgery's date is not the drugs').
 */
function lineAround(text: string, at: number): { text: string; start: number } {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const lineEnd = text.indexOf("\n", at) < 0 ? text.length : text.indexOf("\n", at);
  let start = lineStart;
  let end = lineEnd;
  for (const m of text.slice(lineStart, lineEnd).matchAll(/[.;!?]\s+(?=[A-Z])/g)) {
    const after = lineStart + m.index + m[0].length;
    if (after <= at) start = after;
    else {
      end = lineStart + m.index + 1;
      break;
    }
  }
  return { text: text.slice(start, end), start };
}

export interface TreatmentHit {
  drug: string;
  alias: string | null;
  outcome: Outcome;
  startDate: string | null;
  endDate: string | null;
  durationDays: number | null;
  span: { start: number; end: number };
}

/** A clause that tells of a drug being started or ordered (the request, a new prescription), not of a trial's outcome. */
const STARTED = /\b(?:initiated|started|began|prescrib\w*|request\w*)\b/i;
/** ... and then ended ("started on Aug 4 and stopped Sept 22 for lack of effect"): a course that was taken. */
const ENDED = /\b(?:stopped|discontinued|d\/c'?d|ended|completed|tapered off|held)\b/i;

/**
 * Drugs tried before in a text. `inTrialSection` says the whole text lists drugs tried (a form's "medications
 * tried" answer, a note's treatment history): then every drug counts, with `sectionOutcome` unless a clause says
 * otherwise. Elsewhere only drugs named with a verb of trying, or in a clause that states an outcome, count.
 */
/** Whether the clause around a mention plans it ("will start X", "recommend X") or makes it conditional. */
const planned = (clause: { text: string; start: number }, m: DrugMention) =>
  contextOf(clause.text, m.start - clause.start, m.end - clause.start).some((c) => c === "planned" || c === "hypothetical");

export function findPriorTreatments(
  text: string,
  opts: { inTrialSection?: boolean; sectionOutcome?: Outcome; exclude?: (name: string) => boolean; lineItems?: boolean } & DateOptions = {},
): TreatmentHit[] {
  const hits: TreatmentHit[] = [];
  const mentions = findDrugMentions(text);
  if (opts.lineItems) mentions.push(...lineItemDrugs(text, mentions));
  mentions.sort((a, b) => a.start - b.start);
  for (const mention of mentions) {
    if (opts.exclude?.(mention.name) || (mention.alias && opts.exclude?.(mention.alias))) continue;
    // A form's check box question ("Trial of ketoconazole ≥30 days | [ ] Yes [X] No") attests; it is no trial record.
    if (checkboxLineAt(text, mention.start)) continue;
    // In a list of drugs tried, a line is an item: its outcome and dates are its own, not the next line's.
    const clause = opts.lineItems ? lineAround(text, mention.start) : clauseAround(text, mention.start, mention.end);
    let stated = outcomeOf(clause.text, "unknown");
    // "failed clobazam because of breakthrough seizures": the verb on the drug states the outcome.
    const verb = text.slice(Math.max(0, mention.start - 30), mention.start);
    if (/\b(?:failed|failure (?:of|on)|failing)\s+(?:on\s+|the\s+|a trial of\s+)?$/i.test(verb) && (stated === "inadequate_response" || stated === "ongoing" || stated === "unknown")) stated = "failed";
    const isTried = mention.cues.includes("tried");
    if (mention.cues.includes("start") && !isTried) continue;
    // A form's question names drugs as examples ("failed a TKI (for example: imatinib)?"): it states no trial.
    if (!opts.inTrialSection && inQuestion(text, mention.end)) continue;
    // A drug only planned ("will start X", "recommend X") is no trial: the one context engine says, of this mention.
    const { start, end, durationDays } = datesFor(text, clause, mention, mentions, opts);
    // Started, and since ended ("started Aug 4 and stopped Sept 22") or still taken from a stated date ("started in
    // March 2023 ... now 20 mg daily"): a course taken, not the start of the request.
    const startedOnly = STARTED.test(clause.text) && !ENDED.test(clause.text) && !(stated === "ongoing" && start);
    if (!opts.inTrialSection && !isTried && (stated === "unknown" || startedOnly || planned(clause, mention))) continue;
    // Listed under "tried and had an inadequate response to", a drug still taken ("continues on this") is that.
    const sectionSays = opts.inTrialSection && opts.sectionOutcome && opts.sectionOutcome !== "unknown" && opts.sectionOutcome !== "ongoing";
    const outcome = stated !== "unknown" && !(stated === "ongoing" && sectionSays) ? stated : (opts.sectionOutcome ?? "unknown");
    hits.push({ drug: mention.name, alias: mention.alias, outcome, startDate: start, endDate: end, durationDays, span: { start: mention.start, end: mention.end } });
  }
  return hits;
}

/** A list item that opens with a name and then its strength or form: "Triamcinolone 0.5% ointment, 5 weeks". */
const ITEM_DRUG = /^[^\S\n]*(?:[-•●○▪*]\s*|\d{1,2}[.)]\s+)?([A-Z][A-Za-z-]{3,})(?=[^\S\n]+(?:\d+(?:\.\d+)?[^\S\n]*(?:%|mg|mcg|g|ml|units?)\b|\d+(?:\.\d+)?%|(?:cream|ointment|gel|lotion|foam|solution|tablets?|capsules?|injection|inhaler|patch)\b))/gm;

/**
 * In a list of drugs tried, one item a line: the name an item opens with, followed by its strength or form, is a
 * drug even when no stem or verb says so.
 */
function lineItemDrugs(text: string, known: DrugMention[]): DrugMention[] {
  const found: DrugMention[] = [];
  for (const m of text.matchAll(ITEM_DRUG)) {
    const start = m.index + m[0].length - m[1].length;
    if (known.some((k) => start < k.end && k.start < start + m[1].length)) continue;
    found.push({ name: m[1], alias: null, start, end: start + m[1].length, cues: ["dose"] });
  }
  return found;
}

/**
 * Does the sentence around a position end in a question mark? A line break ends the sentence unless the line ends
 * in a comma or the next line carries on in lower case (a wrapped question).
 */
export function inQuestion(text: string, at: number): boolean {
  for (let i = at; i < Math.min(text.length, at + 400); i++) {
    const ch = text[i];
    if (ch === "?") return true;
    if (ch === "." || ch === "!" || ch === ";") return false;
    if (ch === "\n" && !/,\s*$/.test(text.slice(Math.max(0, i - 3), i)) && /^[^\S\n]*[A-Z0-9•●○▪*-]/.test(text.slice(i + 1, i + 4))) return false;
  }
  return false;
}

function datesFor(text: string, clause: { text: string; start: number }, mention: DrugMention, all: DrugMention[], opts: DateOptions) {
  // Dates in the drug's own clause; else on the line above when that line names no drug (a regimen heading).
  let range = parseDateRange(clause.text, opts);
  let durationText = clause.text;
  if (!range.start) {
    const lineStart = text.lastIndexOf("\n", mention.start - 1);
    if (lineStart > 0) {
      const prevStart = text.lastIndexOf("\n", lineStart - 1) + 1;
      const previous = text.slice(prevStart, lineStart);
      const above = all.some((m) => m.start >= prevStart && m.start < lineStart) ? null : parseDateRange(previous, opts);
      if (above?.start) {
        range = above;
        durationText = previous;
      } else if (above && parseDurationDays(clause.text) === null) {
        // "Induction (4 weeks):" over its drugs: the heading's duration, unless the item states its own.
        durationText = previous;
      }
    }
  }
  const durationDays = parseDurationDays(durationText) ?? daysBetween(range.start, range.end);
  return { start: range.start, end: range.ongoing ? null : range.end, durationDays };
}
