// Drug names in running text, without a drug database: a word is taken as a drug when it carries an INN/USAN stem
// (everolimus, doxorubicin, lamotrigine ...), is a name of the small claims vocabulary, or stands where only a drug
// can (before a dose: "Afinitor 5 mg", "5 mg/m² of Afinitor"; after "start", "initiate", "trial of" ...). Brand and
// generic written together ("everolimus (Afinitor)") are kept as aliases of one drug.
import { DRUGS } from "@/lib/lexicon/drugs";
import { DRUG_STEMS, DRUG_STOP_WORDS, NOT_DRUG_WORDS } from "@/lib/lexicon/word-lists";

const STEM_RE = new RegExp(`^[a-z]{2,}(?:${[...DRUG_STEMS].sort((a, b) => b.length - a.length).join("|")})$`, "i");

/**
 * One-word names of the hand-kept vocabulary: drugs whose names carry no stem the list above knows (vincristine,
 * mercaptopurine, ifosfamide). Brands count only when capitalised, as brands are written ("Luminal" the brand, not
 * "luminal narrowing").
 */
let vocabulary: { generics: Set<string>; brands: Set<string> } | null = null;
function knownDrugWord(word: string): boolean {
  vocabulary ??= {
    generics: new Set(DRUGS.map((d) => d.generic.toLowerCase()).filter((n) => /^[a-z-]{4,}$/.test(n))),
    brands: new Set(DRUGS.flatMap((d) => d.brands).map((n) => n.toLowerCase()).filter((n) => /^[a-z-]{4,}$/.test(n))),
  };
  const w = word.toLowerCase();
  return vocabulary.generics.has(w) || (/^[A-Z]/.test(word) && vocabulary.brands.has(w));
}

/** Does the word look like a nonproprietary drug name? */
export function hasDrugStem(word: string): boolean {
  const w = word.toLowerCase();
  return w.length >= 6 && !NOT_DRUG_WORDS.has(w) && STEM_RE.test(w);
}

const DOSE = String.raw`\d+(?:\.\d+)?\s*(?:mg|mcg|µg|μg|g|mL|ml|units?|IU|mEq)(?:\s*\/\s*(?:m²|m2|kg|mL|ml|day|dose|actuation|hr|h)(?![A-Za-z0-9]))?(?![A-Za-z/²])`;
const WORD = String.raw`[A-Za-z][A-Za-z\-]{2,}`;
const ALIAS = String.raw`(?:\s*\(([A-Za-z][A-Za-z\-]{2,})\))?`;
const BEFORE_DOSE = new RegExp(String.raw`\b(${WORD})${ALIAS}\s*:?\s+${DOSE}`, "dg");
const DOSE_OF = new RegExp(String.raw`${DOSE}\s+of\s+(${WORD})${ALIAS}`, "dg");
const START_VERB = new RegExp(
  String.raw`\b(?:initiat(?:e|ed|ing|ion of)|start(?:ed|ing)?(?:\s+(?:on|with))?|begin|began|prescrib(?:e|ed|ing)|switch(?:ed|ing)?\s+to|request(?:ing|ed)?(?:\s+(?:approval|authorization|coverage))?\s+(?:for|of)|recommend(?:ed|ing)?|add(?:ing)?|specifically)\s+(?:the\s+)?(?:medication\s+)?(${WORD})${ALIAS}`,
  "dgi",
);
const TRIED_VERB = new RegExp(
  String.raw`\b(?:trials? of|tried|failed|failure (?:of|on)|therapy (?:of|with)|treated with|treatment with|(?:was|were|been|is|remained|remains) on|despite(?: adhering to)?(?: current)?(?: therapy (?:of|with))?|intoleran(?:t|ce) (?:to|of)|inadequate response to|discontinued)\s+(?:the\s+)?(${WORD})${ALIAS}`,
  "dgi",
);
const STEM_WORD = new RegExp(String.raw`\b([A-Za-z][a-z]{4,})${ALIAS}`, "dg");
/** A name in capitals ("ADDERALL XR", "FORTEO") as forms and claims tables print them: only a vocabulary drug. */
const CAPS_WORD = new RegExp(String.raw`\b([A-Z]{4,})\b${ALIAS}`, "dg");

const isCandidate = (word: string) => !DRUG_STOP_WORDS.has(word.toLowerCase()) && !/^(?:[A-Z]{1,3}|\d.*)$/.test(word) && word.length >= 4;

export type DrugCue = "stem" | "dose" | "start" | "tried";

export interface DrugMention {
  name: string;
  /** Another name written with it: "everolimus (Afinitor)" gives Afinitor as the alias of everolimus. */
  alias: string | null;
  start: number;
  end: number;
  /** How it was recognised: a stem, a dose next to it, a verb of starting or requesting, a verb of trying. */
  cues: DrugCue[];
}

/** Drug mentions in a text, in order; one mention per place, with every cue that pointed at it. */
export function findDrugMentions(text: string): DrugMention[] {
  const byStart = new Map<number, DrugMention>();
  const add = (m: RegExpExecArray, group: number, cue: DrugCue, needsShape: boolean) => {
    const name = m[group];
    const at = m.indices?.[group]?.[0];
    if (!name || at === undefined || !isCandidate(name)) return;
    let alias: string | null = m[group + 1] ?? null;
    if (alias && !isCandidate(alias)) alias = null;
    // Outside a stem, only a capitalised word (a brand) next to a verb counts ("initiate Epidiolex"); a dose right
    // after a word is cue enough ("clobazam 10 mg").
    if (needsShape && cue !== "dose" && !/^[A-Z]/.test(name) && !hasDrugStem(name)) return;
    if (cue === "dose" && name.length < 5 && !/^[A-Z]/.test(name)) return;
    const known = byStart.get(at);
    if (known) {
      if (!known.cues.includes(cue)) known.cues.push(cue);
      known.alias ??= alias;
      return;
    }
    byStart.set(at, { name, alias, start: at, end: at + name.length, cues: [cue] });
  };
  for (const m of text.matchAll(STEM_WORD)) {
    if (hasDrugStem(m[1]) || knownDrugWord(m[1])) add(m, 1, "stem", false);
    else if (m[2] && hasDrugStem(m[2])) {
      const at = m.indices?.[2]?.[0];
      if (at !== undefined && !byStart.has(at)) byStart.set(at, { name: m[2], alias: null, start: at, end: at + m[2].length, cues: ["stem"] });
    }
  }
  for (const m of text.matchAll(CAPS_WORD)) if (knownDrugWord(m[1])) add(m, 1, "stem", false);
  for (const m of text.matchAll(BEFORE_DOSE)) add(m, 1, "dose", true);
  for (const m of text.matchAll(DOSE_OF)) add(m, 1, "dose", true);
  for (const m of text.matchAll(START_VERB)) add(m, 1, "start", true);
  for (const m of text.matchAll(TRIED_VERB)) add(m, 1, "tried", true);
  const mentions = [...byStart.values()].sort((a, b) => a.start - b.start);
  for (const mention of mentions) extendName(text, mention);
  // A list after a verb shares its cue: "therapy of lamotrigine and topiramate", "failed A, B and C".
  for (const mention of [...mentions]) {
    const cue = mention.cues.find((c) => c === "start" || c === "tried");
    if (!cue) continue;
    let at = mention.end;
    for (let k = 0; k < 8; k++) {
      const next = LIST_NEXT.exec(text.slice(at, at + 80));
      if (!next || DRUG_STOP_WORDS.has(next[1].toLowerCase()) || !isCandidate(next[1])) break;
      const start = at + next[0].length - next[1].length;
      const known = byStart.get(start);
      if (known) {
        if (!known.cues.includes(cue)) known.cues.push(cue);
      } else {
        const added: DrugMention = { name: next[1], alias: null, start, end: start + next[1].length, cues: [cue] };
        extendName(text, added);
        byStart.set(start, added);
      }
      at = (byStart.get(start) as DrugMention).end;
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

const LIST_NEXT = /^(?:\s*\([^)]{0,40}\))?(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*\/\s*)([A-Za-z][A-Za-z\-]{2,})/;
const SALT = /^\s+(acid|sodium|potassium|calcium|magnesium|hydrochloride|hcl|sulfate|succinate|tartrate|mesylate|maleate|citrate|phosphate|er|xr|xl|sr|cr|dr|odt)\b/i;

/** "Valproic" + " acid" -> "Valproic acid". */
function extendName(text: string, mention: DrugMention) {
  const salt = SALT.exec(text.slice(mention.end, mention.end + 20));
  if (!salt) return;
  mention.end += salt[0].length;
  mention.name = text.slice(mention.start, mention.end);
}

/** Words of a drug description that are not its name: amounts, units, forms, release types. */
const NOT_NAME = /^(?:\d.*|hr|hour|day|mg|mcg|g|ml|l|unt|unit|units|actuat|actuation|meq|%|oral|tablet|tablets|capsule|capsules|solution|suspension|injection|injectable|prefilled|syringe|pen|auto-injector|extended|release|delayed|er|xr|sr|dr|topical|cream|ointment|vial|kit|pack|dose|doses|chewable|disintegrating|\/|-|and|with|the|of|in|per|for)$/i;

const nameWord = (text: string) => text.split(/[\s,/]+/).map((w) => w.replace(/[^A-Za-z0-9-]/g, "")).find((w) => w && !NOT_NAME.test(w) && /^[A-Za-z]/.test(w)) ?? "";

/**
 * The names a drug goes by, lower case: "Epidiolex (cannabidiol) 100 mg/mL oral solution" -> ["epidiolex",
 * "cannabidiol"]; "24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet" -> ["metformin"].
 */
export function drugNameKeys(name: string): string[] {
  const keys = new Set<string>();
  const head = nameWord(name.replace(/\([^)]*\)/g, " "));
  if (head) keys.add(head.toLowerCase());
  for (const m of name.matchAll(/\(([^)]+)\)/g)) {
    const inner = nameWord(m[1]);
    if (inner) keys.add(inner.toLowerCase());
  }
  return [...keys].filter((k) => k.length >= 3);
}
