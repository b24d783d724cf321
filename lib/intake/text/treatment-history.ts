// Drugs tried before, from a note's treatment history written as a plan: a heading that says the treatment is past
// ("Completed Treatment Plan", "Prior Treatment Timeline", "Treatment history"), blocks under it ("Induction
// Phase:", "Step 1: Neoadjuvant Chemotherapy", "Adjuvant Therapy: May 22 – Sep 4, 2024") with their dates
// ("Duration: 4 weeks (4/1/24 - 4/29/24)", "Started: 7/8/24", a schedule of cycles), and one drug a bulleted item
// ("○ Vincristine: Administered weekly", "○ Doxorubicin, Cisplatin (3 cycles)."). Such items name no verb of
// trying, so the running-text reader misses them. A history often runs over a page break, so a whole document is read.
import { findDrugEntry } from "@/lib/lexicon/drugs";
import { isNeverDrugName } from "@/lib/lexicon/product-words";
import { daysBetween, findDates, parseDateRange, parseDurationDays, type DateOptions } from "@/lib/lexicon/dates";
import { findDrugMentions, hasDrugStem } from "./drug-names";
import { findPriorTreatments, outcomeOf, type TreatmentHit } from "./find-prior-treatments";
import type { Line } from "@/lib/documents/layout/page-lines";
import { categoriesIn } from "@/lib/lexicon/context";

/** A drug tried, with the index of the page (in the pages given) its span is on. */
export type HistoryHit = TreatmentHit & { pageIndex: number };

interface Block {
  planned: boolean;
  ongoing: boolean;
  startDate: string | null;
  endDate: string | null;
  durationDays: number | null;
  /** Lines under "Agents used:" list drugs; lines under "Treatment Schedule:" give the block's dates. */
  agents: boolean;
  schedule: boolean;
  items: { hit: HistoryHit; ownDates: boolean }[];
}

const HISTORY_HEADING =
  /^(?:(?:completed|prior|previous|past|earlier)\s+(?:treatment|therap(?:y|ies)|regimens?|chemotherapy|medications?)\b|(?:treatment|therapy|medication|chemotherapy)\s+(?:history|received|given|to date|summary)\b|summary of (?:treatment|therapy|therapies)\b)/i;
const PHASE_WORDS = String.raw`(?:phase|cycle|course|block|induction|consolidation|maintenance|intensification|re-?induction|therapy|chemotherapy|treatment|regimen)`;
/** "Induction Phase:", "Initial Proposed Maintenance Phase:", "Step 1: Neoadjuvant Chemotherapy", "Adjuvant Therapy: <dates>". */
const PHASE = new RegExp(String.raw`^(?:step\s+\d+\b.*|(?:[A-Za-z-]+\s+){0,3}${PHASE_WORDS}\b[^:]{0,40}(?::\s*(.*))?)$`, "i");
const AGENTS = /^(?:(?:chemotherapy|treatment|drug|medication)\s+)?(?:agents?|medications?|drugs?|regimen|chemotherapy)(?:\s+(?:used|given|received|administered))?\s*:\s*$/i;
const SCHEDULE = /^(?:(?:treatment|dosing|chemotherapy|cycle)\s+)?(?:schedule|timeline|dates|calendar)\s*:\s*$/i;
const DATES = /^(?:total\s+)?(?:duration|dates?|started|start(?:ed)? date|from|period|timing)\b\s*:?\s*(.*)$/i;
const STARTED = /^start/i;
const BULLET = /^\s*(?:[-•●○▪◦*–]|\d{1,2}[.)])\s*(?:\|\s*)?/;
/** A heading of another part of the note ("Review of Systems:", "Plan:"): the history ends there. */
const OTHER_HEADING = /^[A-Z][A-Za-z ,/&()'-]{1,40}:(?:\s|$)/;
/** Words before a drug's name in an item that are not its name ("Intrathecal Methotrexate", "High-dose cytarabine"). */
const ROUTE_WORDS = /^(?:(?:intrathecal|oral|iv|intravenous|subcutaneous|topical|high-dose|low-dose|pulse)\s+)+/i;
const ITEM_NAME = /^([A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z][A-Za-z0-9-]*){0,3})\s*(?=:|\s[-–]\s|\(|,|\.|$)/;

/** A heading or an item that says it is planned ("Proposed Maintenance Phase", "plan to administer"): the context engine's words. */
const planned = (text: string) => categoriesIn(text).includes("planned");
const isKnownDrug = (name: string) => hasDrugStem(name.split(/\s+/)[0]) || findDrugEntry(name) !== null || findDrugMentions(name).some((m) => m.cues.includes("stem"));
const newBlock = (planned = false): Block => ({ planned, ongoing: false, startDate: null, endDate: null, durationDays: null, agents: false, schedule: false, items: [] });

/** Prior treatments in a document's treatment history; `pages` are the document's pages as lines. */
export function findTreatmentHistory(pages: Line[][], opts: DateOptions = {}): HistoryHit[] {
  const hits: HistoryHit[] = [];
  let inHistory = false;
  let block = newBlock();
  // A block's dates may follow its drugs (a schedule after the regimen): its items are finished when it ends.
  const flush = () => {
    for (const { hit, ownDates } of block.items) {
      if (block.planned && !block.ongoing) continue;
      if (!ownDates) Object.assign(hit, { startDate: block.startDate, endDate: block.ongoing ? null : block.endDate });
      hit.durationDays ??= block.durationDays ?? daysBetween(hit.startDate, hit.endDate);
      if (hit.outcome === "unknown" && block.ongoing) hit.outcome = "ongoing";
      hits.push(hit);
    }
    block = newBlock();
  };
  pages.forEach((lines, pageIndex) => {
    for (const line of lines) {
      const text = line.text.trim();
      if (!text) continue;
      const bullet = BULLET.exec(line.text);
      const body = (bullet ? line.text.slice(bullet[0].length) : line.text).trim();
      if (HISTORY_HEADING.test(body) && body.length <= 60) {
        flush();
        inHistory = true;
        continue;
      }
      if (!inHistory) continue;
      const bodyStart = line.start + line.text.indexOf(body);
      if (SCHEDULE.test(body)) {
        Object.assign(block, { schedule: true, agents: false });
        continue;
      }
      if (AGENTS.test(body)) {
        Object.assign(block, { agents: true, schedule: false });
        continue;
      }
      const dates = DATES.exec(body);
      if (dates) {
        datesOf(block, dates[1], STARTED.test(body), opts);
        continue;
      }
      // "Cycle 3: April 21, 2024" under a schedule: the block ran from its first date to its last.
      if (block.schedule && /^[^:]*\d[^:]*:/.test(body.slice(0, 30)) && findDates(body, opts).length) {
        for (const d of findDates(body, opts)) {
          if (!block.startDate || d.iso < block.startDate) block.startDate = d.iso;
          if (!block.endDate || d.iso > block.endDate) block.endDate = d.iso;
        }
        continue;
      }
      const phase = PHASE.exec(body);
      if (phase && !isKnownDrug(body.split(/[:(,]/)[0]) && (!phase[1] || findDates(phase[1], opts).length)) {
        flush();
        block = newBlock(planned(body.split(":")[0]));
        // "Adjuvant Therapy: May 22, 2024 – September 4, 2024" and "Consolidation (8 weeks):" state their dates.
        datesOf(block, body, false, opts);
        continue;
      }
      const items = itemDrugs(body, bodyStart, block, !bullet, pageIndex, opts);
      if (items.length) block.items.push(...items);
      // Else a line without a bullet is the wrapped end of an item, unless it opens another part of the note.
      else if (!bullet && OTHER_HEADING.test(text)) {
        flush();
        inHistory = false;
      }
    }
  });
  flush();
  return hits;
}

function datesOf(block: Block, text: string, started: boolean, opts: DateOptions) {
  const range = parseDateRange(text, opts);
  block.startDate = range.start ?? block.startDate;
  block.endDate = started ? null : (range.end ?? block.endDate);
  block.durationDays = parseDurationDays(text) ?? daysBetween(block.startDate, block.endDate) ?? block.durationDays;
  // A block that has started and states no end is the treatment the patient is on.
  if (started && block.startDate) block.ongoing = true;
}

/**
 * The drugs an item names: the name it opens with ("Vincristine: ...", "Intrathecal Methotrexate: ..."), or each of
 * a list ("Doxorubicin, Cisplatin, Methotrexate (3 cycles)."), when known as drugs or listed under an agents heading.
 */
function itemDrugs(body: string, bodyStart: number, block: Block, knownOnly: boolean, pageIndex: number, opts: DateOptions): { hit: HistoryHit; ownDates: boolean }[] {
  // A planned item ("Intrathecal Methotrexate: Plan to administer ...") was not tried.
  if (planned(body)) return [];
  const named = namedItemDrugs(body, bodyStart, block, knownOnly, pageIndex, opts);
  return named.length || knownOnly ? named : dosedItem(body, bodyStart, pageIndex, opts);
}

function namedItemDrugs(body: string, bodyStart: number, block: Block, knownOnly: boolean, pageIndex: number, opts: DateOptions): { hit: HistoryHit; ownDates: boolean }[] {
  const head = ITEM_NAME.exec(body);
  if (!head || (knownOnly && body[head[0].length] !== ":")) return [];
  const listEnd = body.search(/[:(.]|\s[-–]\s/);
  const listed = body[head[0].length] === "," ? body.slice(0, listEnd < 0 ? body.length : listEnd) : head[1];
  const rest = body.slice(listEnd < 0 ? body.length : listEnd);
  const own = parseDateRange(rest, opts);
  const stated = outcomeOf(rest, "unknown");
  const found: { hit: HistoryHit; ownDates: boolean }[] = [];
  for (const part of listed.matchAll(/[^,]+/g)) {
    const raw = part[0].replace(/^\s*(?:and|or)\s+/i, "");
    const route = ROUTE_WORDS.exec(raw.trim());
    // "Adapalene gel nightly": the name ends at its first form, route or describing word.
    const words = raw.trim().slice(route ? route[0].length : 0).trim().split(/\s+/);
    const cut = words.findIndex((w, i) => i > 0 && isNeverDrugName(w));
    const name = (cut > 0 ? words.slice(0, cut) : words).join(" ");
    if (!name || DATES.test(name) || SCHEDULE.test(`${name}:`) || AGENTS.test(`${name}:`)) continue;
    if (!isKnownDrug(name) && (knownOnly || !block.agents || name.split(/\s+/).length > 2)) continue;
    const start = bodyStart + part.index + part[0].indexOf(name);
    found.push({
      hit: {
        drug: name,
        alias: null,
        outcome: stated === "ongoing" ? "unknown" : stated,
        startDate: own.start,
        endDate: own.start ? own.end : null,
        durationDays: parseDurationDays(rest),
        span: { start, end: start + name.length },
        pageIndex,
      },
      ownDates: own.start !== null,
    });
  }
  return found;
}

/** "- Methotrexate 15 mg weekly x 4 months, stopped for nausea": a drug named before its strength or form. */
function dosedItem(body: string, bodyStart: number, pageIndex: number, opts: DateOptions): { hit: HistoryHit; ownDates: boolean }[] {
  return findPriorTreatments(body, { inTrialSection: true, lineItems: true, ...opts }).map((t) => ({
    hit: { ...t, outcome: t.outcome === "ongoing" ? "unknown" : t.outcome, span: { start: bodyStart + t.span.start, end: bodyStart + t.span.end }, pageIndex },
    ownDates: t.startDate !== null,
  }));
}
