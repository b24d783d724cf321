// Drugs tried before, from a note's treatment history written as a plan: a heading that says the treatment is past
// ("Completed Treatment Plan", "Prior therapies", "Treatment history"), phases under it ("Induction Phase:") with
// their dates ("Duration: 4 weeks (4/1/24 - 4/29/24)", "Started: 7/8/24"), and one drug a bulleted item
// ("○ Vincristine: Administered weekly"). Such items name no verb of trying, so the running-text reader misses them.
import { findDrugEntry } from "@/lib/claims/drug-classes";
import { daysBetween, parseDateRange, parseDurationDays, type DateOptions } from "./dates";
import { hasDrugStem } from "./drug-names";
import { outcomeOf, type TreatmentHit } from "./find-prior-treatments";
import type { Line } from "./page-lines";

/** Where the reader is in a history, carried from one page to the next (a plan often runs over a page break). */
export interface HistoryState {
  phase: Phase | null;
  /** The lines under an "Agents used:" heading list drugs. */
  agents: boolean;
}

interface Phase {
  planned: boolean;
  startDate: string | null;
  endDate: string | null;
  durationDays: number | null;
  ongoing: boolean;
}

const HISTORY_HEADING =
  /^(?:completed|prior|previous|past|earlier)\s+(?:treatment|therap(?:y|ies)|regimens?|chemotherapy|medications?|treatment plan)\b|^(?:treatment|therapy|medication|chemotherapy)\s+(?:history|received|given|to date)\b/i;
const PHASE = /^(?:(?:initial|proposed|planned|completed|first|second|third|\w+-?)\s+){0,3}(?:phase|cycle|course|block|induction|consolidation|maintenance|intensification|re-?induction)\b[^:]{0,40}:?\s*$/i;
const PLANNED = /\b(?:proposed|planned|plan|upcoming|future|next)\b/i;
const AGENTS = /^(?:agents?|medications?|drugs?|regimen|chemotherapy)(?:\s+(?:used|given|received|administered))?\s*:\s*$/i;
const DATES = /^(?:duration|dates?|started|start(?:ed)? date|from|period|timing)\b\s*:?\s*(.*)$/i;
const STARTED = /^start/i;
const BULLET = /^\s*(?:[-•●○▪◦*–]|\d{1,2}[.)])\s*(?:\|\s*)?/;
/** A heading of another part of the note ("Review of Systems:", "Plan:"): the history ends there. */
const OTHER_HEADING = /^[A-Z][A-Za-z ,/&()'-]{1,40}:(?:\s|$)/;
/** Words before a drug's name in an item that are not its name ("Intrathecal Methotrexate", "High-dose cytarabine"). */
const ROUTE_WORDS = /^(?:(?:intrathecal|oral|iv|intravenous|subcutaneous|topical|high-dose|low-dose|pulse)\s+)+/i;

/**
 * Prior treatments in a page's treatment history; `state` is where the page before left off (null outside one).
 * Returns the hits (spans in the page text) and the state at the page's end.
 */
export function findTreatmentHistory(lines: Line[], state: HistoryState | null, opts: DateOptions = {}): { hits: TreatmentHit[]; state: HistoryState | null } {
  const hits: TreatmentHit[] = [];
  let at = state;
  for (const line of lines) {
    const text = line.text.trim();
    if (!text) continue;
    if (HISTORY_HEADING.test(text) && text.length <= 60) {
      at = { phase: null, agents: false };
      continue;
    }
    if (!at) continue;
    const bullet = BULLET.exec(line.text);
    const body = bullet ? line.text.slice(bullet[0].length) : text;
    const bodyStart = line.start + (bullet ? bullet[0].length : line.text.indexOf(text));
    if (PHASE.test(body.trim()) && !DATES.test(body.trim())) {
      // "Consolidation (8 weeks, 5/6/24 - 7/1/24):" states its dates in the heading.
      const range = parseDateRange(body, opts);
      const durationDays = parseDurationDays(body) ?? daysBetween(range.start, range.end);
      at = { phase: { planned: PLANNED.test(body), startDate: range.start, endDate: range.end, durationDays, ongoing: false }, agents: false };
      continue;
    }
    const dates = DATES.exec(body.trim());
    if (dates) {
      const phase = (at.phase ??= { planned: false, startDate: null, endDate: null, durationDays: null, ongoing: false });
      const range = parseDateRange(dates[1], opts);
      phase.startDate = range.start ?? phase.startDate;
      phase.endDate = STARTED.test(body.trim()) ? null : (range.end ?? phase.endDate);
      phase.durationDays = parseDurationDays(dates[1]) ?? daysBetween(phase.startDate, phase.endDate) ?? phase.durationDays;
      // A phase that has started and states no end is the treatment the patient is on.
      if (STARTED.test(body.trim()) && phase.startDate) phase.ongoing = true;
      continue;
    }
    if (AGENTS.test(body.trim())) {
      at.agents = true;
      continue;
    }
    // Items are bulleted; an unbulleted "Drug: ..." line is an item only when the name is known as a drug.
    const hit = itemDrug(body, bodyStart, at, opts, !bullet);
    if (hit) hits.push(hit);
    // Else a line without a bullet is the wrapped end of an item, unless it opens another part of the note.
    else if (!bullet && OTHER_HEADING.test(text)) at = null;
  }
  return { hits, state: at };
}

/** "Vincristine: Administered weekly": the drug an item opens with, under an agents heading or by its name. */
function itemDrug(body: string, bodyStart: number, at: HistoryState, opts: DateOptions, knownOnly: boolean): TreatmentHit | null {
  const m = (knownOnly ? /^([A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z][A-Za-z0-9-]*){0,3})\s*:/ : /^([A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z][A-Za-z0-9-]*){0,3})\s*(?::|\s[-–]\s|\(|$)/).exec(body);
  if (!m) return null;
  const route = ROUTE_WORDS.exec(m[1]);
  const name = m[1].slice(route ? route[0].length : 0).trim();
  if (!name || DATES.test(name) || AGENTS.test(`${name}:`)) return null;
  const known = hasDrugStem(name.split(/\s+/)[0]) || findDrugEntry(name) !== null;
  if (!known && (knownOnly || !(at.agents && name.split(/\s+/).length <= 2))) return null;
  const phase = at.phase;
  const rest = body.slice(m[0].length);
  // A planned phase counts only once it has started (then its drugs are being taken); a planned item never.
  if ((phase?.planned && !phase.ongoing) || /^\s*(?:plan(?:ned)?|will|to be|to start)\b/i.test(rest)) return null;
  const own = parseDateRange(rest, opts);
  const stated = outcomeOf(rest, "unknown");
  const outcome = stated !== "unknown" && stated !== "ongoing" ? stated : phase?.ongoing ? "ongoing" : "unknown";
  const start = bodyStart + (route ? route[0].length : 0);
  return {
    drug: name,
    alias: null,
    outcome,
    startDate: own.start ?? phase?.startDate ?? null,
    endDate: own.start ? own.end : (phase?.endDate ?? null),
    durationDays: parseDurationDays(rest) ?? phase?.durationDays ?? null,
    span: { start, end: start + name.length },
  };
}
