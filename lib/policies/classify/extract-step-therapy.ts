// Prior drugs (step therapy): which drugs or classes, how many, for how long, and what must have happened (tried,
// failed, intolerant, contraindicated). Classes are the lexicon's; "other" excludes the policy's own drugs.
import { classesInText, DRUG_CLASS_ALIASES, isInClass } from "@/lib/lexicon/drug-classes";
import { COUNTED_NOT_DRUGS } from "@/lib/lexicon/word-lists";
import type { Check, TrialOutcome } from "../types";
import { drugsIn, num, trimmed, type CriterionInput } from "./criterion-input";

/** Names in a list like "include valproic acid, topiramate, Banzel and felbamate." */
function listedNames(text: string): string[] {
  const m = /\b(?:include|includes|including|such as|e\.g\.,?|are)\s+(.+)$/i.exec(text);
  if (!m) return [];
  return m[1]
    .replace(/\.$/, "")
    .split(/,\s*|\s+and\s+|\s+or\s+/)
    .map((s) => s.replace(/\b(?:etc|others?)\b\.?/gi, "").trim())
    .filter((s) => s.length >= 3 && s.split(" ").length <= 4);
}

function trialCount(lower: string): number {
  const lines = /\b(?:at least )?(\w+)\s+(?:or more )?prior (?:lines?|regimens?)\b/.exec(lower);
  if (lines && !Number.isNaN(num(lines[1]))) return num(lines[1]);
  if (/\b(?:third|3rd)[- ]line\b/.test(lower)) return 2;
  if (/\b(?:second|2nd)[- ]line\b/.test(lower)) return 1;
  // "two preferred PPIs for at least 30 days each": "at least 30" is the duration, the count is the word before the drugs.
  for (const m of [/\b(?:at least|a minimum of|minimum of|>=)\s*(\w+)\b/.exec(lower), /\b(two|three|four|2|3|4)\s+(?:or more\s+)?(?:other |different |prior |formulary |preferred |of the following )/.exec(lower)]) {
    if (m && !Number.isNaN(num(m[1])) && !/\s*(?:days?|weeks?|months?|years?)\b/.test(lower.slice(m.index + m[0].length, m.index + m[0].length + 8))) return num(m[1]);
  }
  // "two stimulants", "two SSRIs", "three preventive migraine medications": the count before the plural it counts
  // (not a time, a number of doses or occasions). Reading one where two are required could approve a case.
  const plural = /\b(two|three|four|2|3|4)\s+(?:or more\s+)?(?:[a-z0-9/-]+\s+){0,3}?([a-z0-9/-]*[a-z]s)\b/.exec(lower);
  if (plural && !COUNTED_NOT_DRUGS.has(plural[2])) return num(plural[1]);
  if (/\bboth\b/.test(lower)) return 2;
  return 1;
}

function trialDuration(lower: string): number | undefined {
  const m = /\b(?:for|trial of|duration of|at least|a minimum of|minimum of|>=)\s*(?:at least\s*|a minimum of\s*)?(\d+|one|two|three|four|six|eight|twelve)\s*(?:consecutive\s*)?(days?|weeks?|months?)\b/.exec(lower);
  if (!m) return undefined;
  const n = num(m[1]);
  return m[2].startsWith("week") ? n * 7 : m[2].startsWith("month") ? n * 30 : n;
}

/** A look-back: "within the past 60 days", "in the last 6 months", "within 365 days of the request". */
export function trialWindow(lower: string): number | undefined {
  const m = /\b(?:within|in|during)\s+(?:the\s+)?(?:(?:past|last|previous|prior|preceding)\s+)?(\d+|one|two|three|four|six|eight|twelve)\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  if (!m) return undefined;
  const n = num(m[1]);
  if (Number.isNaN(n)) return undefined;
  return m[2].startsWith("week") ? n * 7 : m[2].startsWith("month") ? n * 30 : m[2].startsWith("year") ? n * 365 : n;
}

function trialOutcomes(text: string): TrialOutcome[] {
  // Examples in parentheses ("a contraindication to statins (for example, prior rhabdomyolysis)") name no outcome.
  const lower = text.replace(/\([^()]*\)/g, " ");
  const out: TrialOutcome[] = [];
  if (/\b(?:tried|trial|receiv|prior|previous|used|line)/.test(lower)) out.push("tried");
  if (/\b(?:fail|inadequate|refractory|progress|did not respond|not responded|resistant|lack of)/.test(lower)) out.push("failed");
  if (/intoleran|unable to tolerate|adverse/.test(lower)) out.push("intolerant");
  if (/contraindicat/.test(lower)) out.push("contraindicated");
  // "TF/C/I" is "trial and failure, contraindication or intolerance"; "T/F" is "trial and failure".
  if (/\btf\/c\/i\b/.test(lower)) out.push("failed", "contraindicated", "intolerant");
  else if (/\bt\/f\b/.test(lower)) out.push("failed");
  return out.length ? [...new Set(out)] : ["tried"];
}

export function stepTherapy({ text, lower, ctx }: CriterionInput): Check {
  const covered = ctx.coveredDrugs ?? [];
  const drugClasses = classesInText(lower).filter((c) => c !== "chemotherapy" || /chemotherap/.test(lower));
  const drugs = drugsIn(text, covered);
  const notes = ctx.notes ?? [];
  const examples = notes.flatMap((n) => [...drugsIn(n, covered), ...listedNames(n)]).filter((v, i, all) => all.findIndex((x) => x.toLowerCase() === v.toLowerCase()) === i);
  if (!drugs.length && !drugClasses.length) {
    // A named therapy that is not a drug of the vocabulary: "refractory to radioactive iodine treatment".
    const object = /\b(?:refractory to|resistant to|failure of|failed|trial of|tried|intolerance to|contraindication to)\s+(?:an? |the )?([a-z][a-z -]{3,40}?)(?:\s+(?:treatment|therapy|therapies))?\s*[.;]?$/i.exec(text);
    if (object && !/\b(?:least|prior|lines?|other|one|two|three|therapy|treatment|formulary|preferred|medications?|drugs?|agents?)\b/i.test(object[1])) drugs.push(object[1].trim());
  }
  // "a second-generation TKI (i.e., Sprycel, Tasigna, Bosulif)": "i.e." closes the class to the drugs it names.
  const closed = /\bi\.e\.,?\s*([^)\]]+)/i.exec(text)?.[1]
    .split(/,\s*|\s+or\s+|\s+and\s+/)
    .map((n) => n.replace(/[®™*]/g, "").replace(/[.;]+$/, "").trim())
    .filter((n) => /^[A-Z][A-Za-z-]{2,}(?:\s+[A-Za-z-]+)?$/.test(n));
  if (closed?.length && drugClasses.length) {
    const check: Check = { kind: "step_therapy", drugs: closed, drugClasses: [], count: trialCount(lower), outcomes: trialOutcomes(lower) };
    const duration = trialDuration(lower);
    if (duration) check.minDurationDays = duration;
    const window = trialWindow(lower);
    if (window) check.withinDays = window;
    return check;
  }
  // "One methylphenidate-based and one amphetamine-based product": one trial of each class, whatever the count word.
  const eachClass = drugClasses.length > 1 && /\bone\s+[\w-]+(?:\s+[\w-]+)?\s+and\s+one\s+[\w-]+/.test(lower) && drugClasses.every((c) => DRUG_CLASS_ALIASES[c]?.some((a) => new RegExp(`\\bone\\s+${a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(lower)));
  const check: Check = {
    kind: "step_therapy",
    // A drug named as part of a class's name ("methylphenidate-based") is that class, not a drug of its own.
    drugs: drugClasses.length ? drugs.filter((d) => !drugClasses.some((c) => DRUG_CLASS_ALIASES[c]?.includes(d.toLowerCase()) || (eachClass && isInClass(d, c)))) : drugs,
    drugClasses,
    count: trialCount(lower),
    outcomes: trialOutcomes(lower),
  };
  if (examples.length) check.examples = examples;
  const duration = trialDuration(lower);
  if (duration) check.minDurationDays = duration;
  const window = trialWindow(lower);
  if (window) check.withinDays = window;
  if (eachClass && check.kind === "step_therapy") {
    check.eachClass = true;
    check.count = Math.max(check.count, drugClasses.length);
  }
  if (/\bother\b/.test(lower) || covered.length) check.excludeRequested = true;
  return check;
}

/** The text names a drug or drug class other than the policy's own drug, and not the policy's drug itself. */
function namesOtherTherapy({ text, lower, ctx }: CriterionInput): boolean {
  const covered = ctx.coveredDrugs ?? [];
  if (covered.some((d) => lower.includes(d.toLowerCase().split(/[\s(]/)[0])) || /\b(?:the requested|this|the prescribed|the same) (?:drug|medication|agent|product|therapy)\b/.test(lower)) return false;
  return classesInText(lower).length > 0 || drugsIn(text, covered).length > 0;
}

/** "Has tried or is currently taking corticosteroids": current use of another drug or class is a trial of it. */
export function stepTherapyOfOtherDrug(input: CriterionInput): Check | null {
  return namesOtherTherapy(input) ? stepTherapy(input) : null;
}

/** An item of "inadequate response to either of the following:": a drug, or a class ("A topical calcineurin inhibitor"). */
export function inheritedStepTherapy({ text, lower }: CriterionInput): Check {
  const drugs = drugsIn(text);
  const drugClasses = classesInText(lower);
  return { kind: "step_therapy", drugs: drugs.length ? [drugs[0]] : drugClasses.length ? [] : [trimmed(text)], drugClasses, count: 1, outcomes: ["tried", "failed"] };
}
