// What a criterion asks, from its wording: age, diagnosis, prescriber specialty, prior drugs (step therapy), a lab
// value, a quantity / dose / duration limit, documentation of a finding, combination or exclusion of other drugs,
// continuation (on therapy, responding, not progressing). Keyed on the language payers use, not on one payer's
// layout; what it cannot read is "manual" (a clinician answers it).
import { classesInText, DRUG_CLASS_ALIASES, findDrugMentions } from "@/lib/claims/drug-classes";
import { findIcd10Codes } from "@/lib/intake/codes/icd10";
import { countedFinding, exampleFinding } from "./classify-finding";
import { icd10PrefixesFor, looksLikeCondition } from "./conditions";
import { withoutConnector } from "./list-markers";
import type { Check, TrialOutcome } from "./types";

export type ChildKind = "diagnosis" | "step_therapy" | "combination_therapy" | "documentation" | "concurrent_therapy_exclusion" | "prescriber_specialty";

export interface ClassifyContext {
  /** What a list's intro says its items are ("Diagnosis of one of the following:" -> diagnosis). */
  inherited?: ChildKind;
  /** The intro's subject for inherited findings: "Disease is" of "Disease is one of the following:". */
  subject?: string;
  /** The policy's covered drugs: "other" drugs exclude them. */
  coveredDrugs?: string[];
  /** Notes under the criterion ("Note: Examples of other antiseizure medications include ..."). */
  notes?: string[];
  /** The section's phase: in continuation criteria, "has experienced a reduction in seizures" is a response. */
  phase?: "initial" | "continuation" | "general";
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, both: 2, single: 1 };
const num = (s: string) => WORD_NUMBERS[s.toLowerCase()] ?? Number(s.replace(/,/g, ""));

const TRIAL = /\b(?:tried|trials?|failed|failure|inadequate (?:\w+ )?(?:response|control|efficacy)|(?:treatment|therapeutic) failure|intoleran\w*|contraindicat\w*|refractory to|resistant to|prior (?:therapy|therapies|treatment|use|lines?)|previously (?:treated|received|tried|used)|after (?:failure|progression|treatment)|progressed (?:on|after|following|during)|(?:second|third|2nd|3rd)[- ]line|lines? of (?:therapy|treatment)|step therapy|concomitantly receiving|unable to (?:take|tolerate)|did not respond|has not responded|not responded)\b/i;
const CONTINUATION_ON = /\b(?:currently (?:receiving|taking|on|using|being treated with|treated with)|(?:is|are) (?:receiving|on) (?:the requested|this)|established on|already (?:on|receiving|started)|has been (?:on|receiving|treated with|using)|continuation of (?:therapy|treatment))\b/i;
const CONTINUATION_RESPONSE = /\b(?:respond(?:ing|ed|s)?(?: positively| well| favou?rably)? to|response to|positive (?:clinical )?response|clinical (?:benefit|improvement|response)|benefit(?:ed|ing)? from|improvement (?:in|of|from)|reduc(?:ed|tion in) (?:\w+ ){0,3}(?:severity|frequency|symptoms)|stabiliz(?:ed|ation)|disease stability)\b/i;
const NO_PROGRESSION = /\b(?:(?:does|did) not (?:show|have|demonstrate) (?:evidence of )?(?:progressive disease|(?:disease )?progression)|no (?:evidence of )?(?:disease )?progression|absence of (?:disease )?progression|without (?:disease )?progression|has not progressed)\b/i;
const EXCLUSION = /\b(?:(?:not|never|no)\b[^.;]{0,50}\b(?:in combination|concomitant(?:ly)?|concurrent(?:ly)?|together with|at the same time|in conjunction)|(?:will|must|should|may) not be (?:used|given|taken|administered|prescribed) (?:with|in combination|concomitantly|concurrently)|not (?:currently )?(?:receiving|taking|using|being treated with) (?:another|other|any|concurrent|concomitant)|in the absence of)\b/i;
const COMBINATION = /\b(?:in combination with|in conjunction with|combined with|used with|given with|(?:as )?add-on to|together with)\b/i;
const SPECIALTY = /\b(?:prescribed by|in consultation with|consultation with|prescriber is|recommended by|under the (?:care|supervision) of|specialist|specializes)\b/i;
const DOCUMENTATION = /\b(?:documentation|documented|chart notes?|medical records?|submitted|submission|attest(?:s|ation)?|confirmed by|laboratory (?:report|results?)|test results?)\b/i;
/** Judgement a document search cannot stand in for: a clinician answers these. */
const JUDGEMENT = /\b(?:clinically appropriate|medically (?:necessary|appropriate)|clinical judg(?:e)?ment|in the (?:opinion|judg(?:e)?ment) of|as determined by|at the discretion of|nccn|compendi(?:a|um)|category of evidence|off-label|supportive evidence|standard of care|peer-reviewed|reasonable (?:and|&) necessary)\b/i;
const NEGATIVE = /\b(?:not|no|never|unable|cannot|without|none)\b/i;

const STOP = new Set(
  "a an the of to in on for with and or is are be been being has have had was were that this by as at from patient patients member members individual disease diseases used use using therapy treatment treated documentation documented evidence presence which who whose their his her its following one all both any must will shall should may can e.g i.e etc such including include includes other based meets meet criteria criterion".split(" "),
);

// Greek mu and the micro sign are one unit prefix ("cells/μL" ~ "cells/µL").
const lowerNoMarks = (text: string) => text.toLowerCase().replace(/≥/g, ">=").replace(/≤/g, "<=").replace(/[’]/g, "'").replace(/μ/g, "µ");

/** Drug names a text mentions (vocabulary), brand and generic folded to one entry, in order. */
function drugsIn(text: string, exclude: readonly string[] = []): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of findDrugMentions(text)) {
    if (seen.has(m.entry.generic)) continue;
    if (exclude.some((x) => findDrugMentions(x).some((e) => e.entry === m.entry))) continue;
    seen.add(m.entry.generic);
    out.push(m.written);
  }
  return out;
}

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

function ageCheck(lower: string): Check | null {
  // "for at least 3 months" is a duration: an age needs "of age", "old", "age(d)" or a person who "is N years".
  if (!/\b(?:of age|years? old|months? old|yrs? old|aged?|ages)\b|\b(?:patient|member|individual|child|adult|person)s?\s+(?:is|are|must be)\s+(?:at least\s+|>=\s*|<=?\s*|older than\s+|younger than\s+|less than\s+|under\s+)?\d+(?:\.\d+)?\s*(?:years?|yrs?|months?)\b/.test(lower)) return null;
  const N = "(\\d+(?:\\.\\d+)?)";
  const U = "\\s*(years?|yrs?|months?)?";
  const toYears = (value: string, unit?: string) => (unit && unit.startsWith("month") ? Number(value) / 12 : Number(value));
  let m = new RegExp(`between ${N}${U} and ${N}${U}`).exec(lower) ?? new RegExp(`(?:aged?|ages)\\s*${N}\\s*(?:-|–|to|through)\\s*${N}${U}`).exec(lower);
  if (m) {
    const unit = m[4] ?? m[2] ?? m[3];
    return m.length > 4 ? { kind: "age", min: toYears(m[1], m[2] ?? m[4]), max: toYears(m[3], m[4]) } : { kind: "age", min: toYears(m[1], unit), max: toYears(m[2], unit) };
  }
  const check: Check & { kind: "age" } = { kind: "age" };
  if ((m = new RegExp(`(?:>=|at least|minimum (?:age )?of|aged?)\\s*${N}${U}`).exec(lower)) && !/\b(?:or|and) (?:younger|under|less)/.test(lower.slice(m.index))) check.min = toYears(m[1], m[2]);
  if ((m = new RegExp(`${N}${U}(?: of age| old)?,?\\s*(?:or|and) (?:older|over|above|greater)`).exec(lower))) check.min = toYears(m[1], m[2]);
  if ((m = new RegExp(`(?:older than|greater than|more than|over|>(?!=))\\s*${N}${U}`).exec(lower))) {
    check.min = toYears(m[1], m[2]);
    check.minExclusive = true;
  }
  if ((m = new RegExp(`(?:<=|no older than|not older than|up to|at most)\\s*${N}${U}`).exec(lower))) check.max = toYears(m[1], m[2]);
  if ((m = new RegExp(`${N}${U}(?: of age| old)?,?\\s*(?:or|and) (?:younger|under|less)`).exec(lower))) check.max = toYears(m[1], m[2]);
  if ((m = new RegExp(`(?:less than|younger than|under|below|<(?!=))\\s*${N}${U}`).exec(lower))) {
    check.max = toYears(m[1], m[2]);
    check.maxExclusive = true;
  }
  return check.min !== undefined || check.max !== undefined ? check : null;
}

const SPECIALIST_WORDS = /\b((?:pediatric |child |adult |neuro-|medical |radiation |surgical )?[a-z-]*(?:ologist|iatrist|ician|ist)s?|infectious diseases? (?:specialist|physician)|transplant (?:specialist|physician|center)|(?:epilepsy|headache|sleep|pain|lipid|metabolic|movement disorder) specialist)\b/g;

/** Specialists a text names: "an oncologist or hematologist" -> ["oncologist", "hematologist"]. */
function specialistsIn(lower: string): string[] {
  const specialties: string[] = [];
  for (const m of lower.matchAll(SPECIALIST_WORDS)) {
    const word = m[1].replace(/s$/, "");
    if (/^(?:specialist|physician|clinician|pharmacist|dentist|therapist|list|exist|assist|consist|insist|persist|artist)$/.test(word)) continue;
    if (!specialties.includes(word)) specialties.push(word);
  }
  return specialties;
}

function specialtyCheck(text: string, lower: string): Check | null {
  if (!SPECIALTY.test(lower)) return null;
  const specialties = specialistsIn(lower);
  const field = /speciali[sz]es in (?:the (?:treatment|management) of )?(.+?)(?:[.;,]|$)/i.exec(text);
  if (field && !/condition being treated|patient's condition/i.test(field[1])) specialties.push(field[1].trim());
  if (!specialties.length && !/specialist|speciali[sz]es/.test(lower)) return null;
  return { kind: "prescriber_specialty", specialties, consultationAllowed: /consult|recommended by|in conjunction with/.test(lower) };
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
  if (/\bboth\b/.test(lower)) return 2;
  return 1;
}

function trialDuration(lower: string): number | undefined {
  const m = /\b(?:for|trial of|duration of|at least|a minimum of|minimum of|>=)\s*(?:at least\s*|a minimum of\s*)?(\d+|one|two|three|four|six|eight|twelve)\s*(?:consecutive\s*)?(days?|weeks?|months?)\b/.exec(lower);
  if (!m) return undefined;
  const n = num(m[1]);
  return m[2].startsWith("week") ? n * 7 : m[2].startsWith("month") ? n * 30 : n;
}

function trialOutcomes(lower: string): TrialOutcome[] {
  const out: TrialOutcome[] = [];
  if (/\b(?:tried|trial|receiv|prior|previous|used|line)/.test(lower)) out.push("tried");
  if (/\b(?:fail|inadequate|refractory|progress|did not respond|not responded|resistant|lack of)/.test(lower)) out.push("failed");
  if (/intoleran|unable to tolerate|adverse/.test(lower)) out.push("intolerant");
  if (/contraindicat/.test(lower)) out.push("contraindicated");
  return out.length ? out : ["tried"];
}

function stepTherapyCheck(text: string, lower: string, ctx: ClassifyContext): Check {
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
    return check;
  }
  const check: Check = {
    kind: "step_therapy",
    drugs: drugClasses.length ? drugs.filter((d) => !drugClasses.some((c) => DRUG_CLASS_ALIASES[c]?.includes(d.toLowerCase()))) : drugs,
    drugClasses,
    count: trialCount(lower),
    outcomes: trialOutcomes(lower),
  };
  if (examples.length) check.examples = examples;
  const duration = trialDuration(lower);
  if (duration) check.minDurationDays = duration;
  if (/\bother\b/.test(lower) || covered.length) check.excludeRequested = true;
  return check;
}

/** "C-reactive protein elevated beyond the upper limit of normal", "ALT > 3 times the ULN": a value against the
 * reporting laboratory's reference range, as a multiple of its limit. */
function referenceLabCheck(text: string, lower: string): Check | null {
  const m = /\b(?:(\d+(?:\.\d+)?)\s*(?:x|times|-fold)\s*(?:the\s+)?)?(upper|lower) limit of (?:the )?normal\b|\b(?:(\d+(?:\.\d+)?)\s*(?:x|times|-fold)\s*)?(?:the\s+)?(uln|lln)\b/.exec(lower);
  if (!m) return null;
  const upper = (m[2] ?? m[4]).startsWith("u");
  const before = lower.slice(0, m.index);
  const verb = /\b(?:elevated|increased|raised|high|higher|above|greater|more|over|exceed\w*|beyond|>|>=|decreased|reduced|low|lower|below|less|under|<|<=)\b|[<>]=?/.exec(before);
  const cut = verb ? before.slice(0, verb.index) : before;
  const analyte = cut
    .replace(/\b(?:patient|member|individual)\b.*?\b(?:has|with|had|shows?)\b/, "")
    .replace(/\b(?:a|an|the|level|levels|value|values|result|results|is|was|of|serum|baseline)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!analyte || analyte.split(" ").length > 5) return null;
  const below = /\b(?:decreased|reduced|low|lower|below|less|under)\b|</.test(verb?.[0] ?? "");
  const inclusive = /\b(?:at least|at most|or (?:more|greater|higher|less|lower))\b|[<>]=/.test(lower);
  const comparator = below ? (inclusive ? "<=" : "<") : inclusive ? ">=" : ">";
  // The analyte as the policy writes it ("C-reactive protein", "IgG"), not lower-cased.
  const at = text.toLowerCase().indexOf(analyte);
  const written = at >= 0 ? text.slice(at, at + analyte.length) : analyte;
  return { kind: "lab_threshold", analyte: written, comparator, value: Number(m[1] ?? m[3] ?? 1), relativeTo: upper ? "upper_limit_of_normal" : "lower_limit_of_normal" };
}

/**
 * The analyte named before a threshold: a bracketed acronym close before it ("... 1 second [FEV1] less than",
 * "Asthma Control Test [ACT] score consistently less than"), else its last words without brackets and filler; when
 * those are generic ("a peak value of"), the thing counted after the number ("≥15 intraepithelial eosinophils").
 */
function analyteOf(before: string, after: string): string {
  const acronym = [...before.matchAll(/[[(]([a-z][a-z0-9+-]{1,9})[\])]\s*(score|index|count|level)?/g)].pop();
  if (acronym && before.length - ((acronym.index ?? 0) + acronym[0].length) < 30) return `${acronym[1].toUpperCase()}${acronym[2] ? ` ${acronym[2]}` : ""}`;
  const plain = before.replace(/\[[^\]]*\]?|\([^)]*\)?/g, " ").replace(/\s+/g, " ").trim();
  const generic = /(?:^|\s)(?:peak|maximum|minimum|mean|highest|lowest)\s+(?:value|level|count|number)s?(?:\s+of)?$|^(?:(?:a|the)\s+)?(?:value|level|count|number)s?(?:\s+of)?$/.test(plain);
  const words = plain
    .split(/\s+/)
    .filter(Boolean)
    .slice(-5)
    .join(" ")
    .replace(/\s+(?:consistently|persistently|repeatedly|currently)$/, "")
    .replace(/^(?:(?:a|an|the|has|with|of|and|is|baseline|pretreatment|pre-treatment|documented|recent|consisting|defined|by|as)\s+)+/g, "")
    .replace(/\s+(?:level|levels|value|values|result|of|is|was|count)?\s*$/g, (s) => (/count/.test(s) ? " count" : ""))
    .trim();
  if (!generic && words) return words;
  const counted = /^\s*([a-z][a-z -]{2,40}?)\s*(?:\bper\b|\/|\(|,|;|\bor\b|\bon\b|$)/.exec(after);
  return counted ? counted[1].trim() : words;
}

const LAB_UNITS = /(%|\/hpf|mg\/dl|mmol\/l|mmol\/mol|g\/dl|g\/l|u\/l|iu\/l|iu\/ml|miu\/ml|cells\/mm3|cells\/(?:µl|ul|mcl)|\/mm3|\/(?:µl|ul|mcl)|x ?10\^?9\/l|ng\/ml|ng\/dl|pg\/ml|mcg\/l|µg\/l|nmol\/l|kg\/m2|kg\/m²|mmhg|ml\/min(?:\/1\.73 ?m2)?|copies\/ml|mg\/g|mg\/l)/;

/** A lab value compared after it ("of 7% or greater"): the analyte before it, the unit after the value. */
function trailingComparison(lower: string, m: RegExpExecArray): Check | null {
  const before = lower.slice(0, m.index).replace(/\b(?:patient|member|individual)\b.*?\b(?:has|with|had|shows?)\b/, "").trim();
  const analyte = analyteOf(before, lower.slice(m.index + m[0].length));
  if (!analyte || (!m[2] && !/\b(?:a1c|hba1c|hemoglobin|ldl|hdl|cholesterol|triglycerides?|glucose|bmi|body mass index|ige|eosinophils?|platelets?|egfr|creatinine)\b/.test(before))) return null;
  const check: Check = { kind: "lab_threshold", analyte, comparator: /greater|higher|more|above/.test(m[3]) ? ">=" : "<=", value: num(m[1]) };
  if (m[2]) check.unit = m[2];
  return check;
}

function labCheck(text: string, lower: string): Check | null {
  const relative = referenceLabCheck(text, lower);
  if (relative) return relative;
  const m = /(>=|<=|>|<|=|greater than or equal to|less than or equal to|greater than|more than|less than|at least|at or above|at or below|above|below|exceeding|of at least|no more than|no greater than)\s*(\d[\d,]*(?:\.\d+)?)\s*(%|\/hpf|mg\/dl|mmol\/l|mmol\/mol|g\/dl|g\/l|u\/l|iu\/l|iu\/ml|miu\/ml|cells\/mm3|cells\/(?:µl|ul|mcl)|\/mm3|\/(?:µl|ul|mcl)|x ?10\^?9\/l|ng\/ml|ng\/dl|pg\/ml|mcg\/l|µg\/l|nmol\/l|kg\/m2|kg\/m²|mmhg|ml\/min(?:\/1\.73 ?m2)?|copies\/ml|mg\/g|mg\/l)?/.exec(lower);
  // "Hemoglobin A1c of 7% or greater", "LDL-C of 100 mg/dL or higher": the comparison after the value.
  const trailing = m ? null : new RegExp(`\\b(?:of|is|was|at|:)\\s*(\\d[\\d,]*(?:\\.\\d+)?)\\s*${LAB_UNITS.source}?\\s*or (greater|higher|more|above|less|lower|below)\\b`).exec(lower);
  if (trailing) return trailingComparison(lower, trailing);
  if (!m) return null;
  const after = lower.slice(m.index + m[0].length);
  // "≥15 intraepithelial eosinophils per high power field (HPF)": a count per microscope field.
  const unit = m[3] ?? (/^\s*[a-z -]{0,40}?\s(?:per|\/)\s*(?:hpf|high[- ]power field)\b/.test(after) ? "/hpf" : undefined);
  const before = lower.slice(0, m.index).replace(/\b(?:patient|member|individual)\b.*?\b(?:has|with|had|shows?)\b/, "").trim();
  const analyte = analyteOf(before, after);
  const known = /\b(?:scores?|questionnaire|ldl|hdl|cholesterol|triglycerides?|a1c|hba1c|hemoglobin|glucose|platelets?|neutrophils?|anc|wbc|egfr|gfr|creatinine|crcl|alt|ast|bilirubin|tsh|ferritin|igf|fev1|bmi|body mass index|cd4|viral load|inr|potassium|sodium|calcium|phosphorus|vitamin|testosterone|estradiol|psa|lvef|ejection fraction|eosinophils?|ige|uric acid|lactate|ldh|albumin|protein|bone mineral density|t-score|weight)\b/.test(before);
  if (!unit && !known) return null;
  if (/\b(?:years?|months?|weeks?|days?)\b/.test(lower.slice(m.index, m.index + m[0].length + 8)) && !known) return null;
  const comparators: Record<string, "<" | "<=" | ">" | ">=" | "="> = {
    ">=": ">=", "<=": "<=", ">": ">", "<": "<", "=": "=", "greater than or equal to": ">=", "less than or equal to": "<=", "greater than": ">", "more than": ">",
    "less than": "<", "at least": ">=", "at or above": ">=", "at or below": "<=", above: ">", below: "<", exceeding: ">", "of at least": ">=", "no more than": "<=", "no greater than": "<=",
  };
  const check: Check = { kind: "lab_threshold", analyte: analyte || text.slice(0, 40), comparator: comparators[m[1]] ?? ">=", value: num(m[2]) };
  if (unit) check.unit = unit;
  return check;
}

function limitCheck(lower: string): Check | null {
  const per = (n?: string, unit?: string) => (unit ? (n ? num(n) : 1) * (unit.startsWith("week") ? 7 : unit.startsWith("month") ? 30 : unit.startsWith("year") ? 365 : 1) : undefined);
  let m = /\b(\d+(?:\.\d+)?)\s*(tablets?|capsules?|pens?|syringes?|vials?|units?|kits?|packs?|cartons?|patch(?:es)?|inhalers?|injections?|doses?|ml|bottles?|boxes?)\s*(?:per|\/|every|each|in)\s*(\d+)?\s*-?\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  if (m && /\b(?:quantity|qty|limit|maximum|max|up to|not (?:to )?exceed|no more than|per)\b/.test(lower)) {
    return { kind: "quantity_limit", value: num(m[1]), unit: m[2].replace(/s$/, ""), perDays: per(m[3], m[4]) };
  }
  m = /\b(?:dose|dosage|dosing|doses)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|max|up to|no more than|does not exceed|<=|less than or equal to)\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|micrograms?|units?|iu|g|ml)(?:\s*(?:per|\/|every|each)\s*(\d+)?\s*(day|week|month|dose|kg))?/.exec(lower)
    ?? /\b(?:maximum|max)(?: daily)? (?:dose|dosage) (?:of|is)?\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg|mcg|units?|g|ml)(?:\s*(?:per|\/)\s*(\d+)?\s*(day|week|month))?/.exec(lower);
  if (m) return { kind: "dose_limit", value: num(m[1]), unit: m[2], perDays: m[4] && m[4] !== "dose" && m[4] !== "kg" ? per(m[3], m[4]) : undefined };
  m = /\b(?:treatment|therapy|duration|course|use)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|up to|no more than|limited to|no longer than)\s*(\d+)\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  if (m) return { kind: "duration_limit", value: num(m[1]), unit: m[2].replace(/s$/, "") };
  return null;
}

/** The text names a drug or drug class other than the policy's own drug, and not the policy's drug itself. */
function namesOtherTherapy(text: string, lower: string, ctx: ClassifyContext): boolean {
  const covered = ctx.coveredDrugs ?? [];
  if (covered.some((d) => lower.includes(d.toLowerCase().split(/[\s(]/)[0])) || /\b(?:the requested|this|the prescribed|the same) (?:drug|medication|agent|product|therapy)\b/.test(lower)) return false;
  return classesInText(lower).length > 0 || drugsIn(text, covered).length > 0;
}

function continuationCheck(text: string, lower: string, ctx: ClassifyContext): Check | null {
  const drug = (ctx.coveredDrugs ?? []).find((d) => lower.includes(d.toLowerCase().split(/[\s(]/)[0])) ?? drugsIn(text)[0];
  const withDrug = (c: Check & { kind: "continuation" }) => (drug ? { ...c, drug } : c);
  if (NO_PROGRESSION.test(lower)) return withDrug({ kind: "continuation", requirement: "no_progression" });
  const inContinuation = ctx.phase === "continuation";
  if (CONTINUATION_RESPONSE.test(lower) && (inContinuation || /\b(?:therapy|treatment|medication|drug|agent|product)\b/.test(lower))) return withDrug({ kind: "continuation", requirement: "response" });
  if (inContinuation && /\b(?:reduc\w*|decreas\w*|improv\w*|fewer|less frequent)\b.*\b(?:from|since|compared (?:to|with)) (?:baseline|pre-?treatment|starting)\b|\bexperienced (?:a |an )?(?:reduction|decrease|improvement|benefit|response)\b/.test(lower)) return withDrug({ kind: "continuation", requirement: "response" });
  // "is not currently taking another biologic" is an exclusion of other drugs, read later.
  const negatedUse = /\b(?:not|never|no longer)\s+(?:be\s+)?(?:currently\s+)?(?:receiving|taking|using|on|being treated)\b/.test(lower);
  if ((CONTINUATION_ON.test(lower) && !negatedUse) || (inContinuation && /\bpreviously (?:been )?(?:approved|authori[sz]ed)\b|\bapproved for the (?:target|requested) (?:agent|drug|medication)/.test(lower))) return withDrug({ kind: "continuation", requirement: "on_therapy" });
  return null;
}

/** Words to look for in the case's documents for a finding ("Disease is metastatic" -> ["metastatic"]). */
export function findingTerms(text: string): string[] {
  const acronyms = [...text.matchAll(/\(([A-Z][A-Z0-9+]{1,9})\)\s*-?\s*([a-z]+)/g)].map((m) => `${m[1].toLowerCase()} ${m[2]}`);
  const core = text
    .replace(/\[[^\]]*\]|\([^)]*\)/g, " ")
    .replace(/\s+-/g, "-")
    .replace(/^(?:the )?(?:disease|tumou?r|cancer|condition|patient|member|individual)\s+(?:is|has|was|are|have|had|shows?|demonstrates?)\s+(?:a |an |the )?/i, "")
    .replace(/^(?:used|use|given|administered)\s+(?:as|for|in)\s+(?:an? |the )?(?:(?:management|treatment) of\s+)?/i, "")
    .replace(/^(?:documentation|evidence|presence|history) of\s+/i, "")
    .trim();
  const alternatives = core.split(/\s*\/\s*|\s+or\s+|,\s+(?=[a-z])/i).map((s) => s.replace(/^(?:and|or)\s+/i, "").trim()).filter(Boolean);
  const terms: string[] = [...acronyms];
  for (const alt of alternatives.length > 4 ? [core] : alternatives) {
    const words = alt.toLowerCase().split(/[^a-z0-9+-]+/).filter((w) => (w.length >= 3 || /^(?:i{1,3}|iv|v|vi)$/.test(w)) && !STOP.has(w));
    if (!words.length) continue;
    const picked = words.length <= 3 ? words : [...words].sort((a, b) => b.length - a.length).slice(0, 3);
    terms.push(words.filter((w) => picked.includes(w)).join(" "));
  }
  return [...new Set(terms)];
}

/** Words that describe the state of a disease, not a disease: "metastatic disease", "persistent disease". */
const STATUS = /\b(?:metastatic|metastases|persistent|progressive|progression|recurrent|recurrence|relapsed|refractory|stable|symptomatic|residual|locoregional|locoreginal|advanced|unresectable|resectable|measurable|inoperable|high-risk|low-risk|stage\s+[iv0-4]+)\b/i;

function diagnosisNames(text: string): string[] {
  const after = /\b(?:diagnosis|dx) of\s+(?:(?:a|an|the)\s+)?(.+)$/i.exec(text) ?? /\bdiagnosed with\s+(?:(?:a|an)\s+)?(.+)$/i.exec(text) ?? /\b(?:has|with)\s+(?:(?:a|an)\s+)?(?:confirmed |documented |established |definitive )?(.+)$/i.exec(text);
  const phrase = (after ? after[1] : text).replace(/[.;:]+$/, "").trim();
  const parts = phrase.split(/\s*\/\s*(?=[A-Za-z]{3})|\s+or\s+|;\s*/).map((s) => s.replace(/^(?:a|an|the)\s+/i, "").trim()).filter((s) => s.length > 2);
  return parts.length ? parts : [phrase];
}

function diagnosisCheck(text: string): Check {
  const names = diagnosisNames(text);
  const codes = findIcd10Codes(text).map((c) => c.code);
  const prefixes = [...new Set([...codes, ...names.flatMap(icd10PrefixesFor)])];
  return { kind: "diagnosis", names, icd10Prefixes: prefixes };
}

/** The check a criterion's text asks for. */
export function classifyCriterion(rawText: string, ctx: ClassifyContext = {}): Check {
  const text = withoutConnector(rawText).replace(/\s+/g, " ").trim();
  const lower = lowerNoMarks(text);
  if (!text) return { kind: "manual" };

  switch (ctx.inherited) {
    case "diagnosis":
      return { kind: "diagnosis", names: [text.replace(/[.;:]+$/, "")], icd10Prefixes: [...new Set([...findIcd10Codes(text).map((c) => c.code), ...icd10PrefixesFor(text)])] };
    case "step_therapy": {
      const drugs = drugsIn(text);
      const drugClasses = classesInText(lower);
      // An item that names a class ("A topical calcineurin inhibitor") is the class, not a drug called so.
      return { kind: "step_therapy", drugs: drugs.length ? [drugs[0]] : drugClasses.length ? [] : [text.replace(/[.;:]+$/, "")], drugClasses, count: 1, outcomes: ["tried", "failed"] };
    }
    case "combination_therapy": {
      const drugs = drugsIn(text);
      return { kind: "combination_therapy", drugs: drugs.length ? [drugs[0]] : [text.replace(/[.;:]+$/, "")] };
    }
    case "prescriber_specialty": {
      // An item of "Prescribed by one of the following:": "Dermatologist", "Physician specializing in allergy".
      const named = specialistsIn(lower);
      return { kind: "prescriber_specialty", specialties: named.length ? named : [text.replace(/[.;:]+$/, "")] };
    }
    case "concurrent_therapy_exclusion":
      return { kind: "concurrent_therapy_exclusion", drugs: drugsIn(text).length ? drugsIn(text) : [text], drugClasses: classesInText(lower) };
    case "documentation": {
      // "Disease is" + "Metastatic" reads "Disease is metastatic" (acronyms keep their case).
      const item = !/\b[A-Z0-9]{2,}\b/.test(text) ? text.toLowerCase() : /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
      const statement = ctx.subject ? `${ctx.subject} ${item}` : text;
      const terms = findingTerms(text);
      return terms.length ? { kind: "documentation", what: statement.replace(/[.;:]+$/, ""), terms } : { kind: "manual" };
    }
    default:
      break;
  }

  // "Patient has tried or is currently taking corticosteroids": current use of another drug or class is a trial of
  // it, not continuation of the requested drug ("not currently receiving another biologic" stays an exclusion).
  if (CONTINUATION_ON.test(lower) && !EXCLUSION.test(lower) && namesOtherTherapy(text, lower, ctx)) return stepTherapyCheck(text, lower, ctx);
  const continuation = continuationCheck(text, lower, ctx);
  if (continuation) return continuation;
  const age = ageCheck(lower);
  if (age) return age;
  const specialty = specialtyCheck(text, lower);
  if (specialty) return specialty;
  if (EXCLUSION.test(lower)) {
    const drugClasses = classesInText(lower);
    const drugs = drugsIn(text, ctx.coveredDrugs ?? []);
    if (drugs.length || drugClasses.length) return { kind: "concurrent_therapy_exclusion", drugs, drugClasses };
  }
  if (TRIAL.test(lower) && !/\bdiagnosis of\b/.test(lower)) return stepTherapyCheck(text, lower, ctx);
  const limit = limitCheck(lower);
  if (limit) return limit;
  const lab = labCheck(text, lower);
  if (lab) return lab;
  const counted = countedFinding(text, lower);
  if (counted) return counted;
  if (COMBINATION.test(lower) && !NEGATIVE.test(lower)) {
    const drugs = drugsIn(text, ctx.coveredDrugs ?? []);
    const written = /\b(?:with|to)\s+(.+)$/i.exec(text)?.[1]?.replace(/[.;:]+$/, "");
    if (drugs.length || written) return { kind: "combination_therapy", drugs: drugs.length ? drugs : [written as string] };
  }
  if (/\b(?:diagnosis|diagnosed|dx)\b/.test(lower) || findIcd10Codes(text).length) return diagnosisCheck(text);
  const has = /^(?:the )?(?:patient|member|individual|beneficiary)\s+(?:has|have|with)\s+(?:a |an )?(.+)$/i.exec(text);
  if (has && looksLikeCondition(has[1]) && !NEGATIVE.test(has[1]) && !/\b(?:symptomatic|progressive|recurrent|metastatic)\s+disease\b/i.test(has[1])) return diagnosisCheck(text);
  if (JUDGEMENT.test(lower)) return { kind: "manual" };
  // In continuation criteria a listed symptom is an improvement to show, not a finding ("Symptoms (e.g., dysphagia)").
  const examples = ctx.phase === "continuation" || drugsIn(text).length ? null : exampleFinding(text);
  if (examples) return examples;
  if (DOCUMENTATION.test(lower) && !NEGATIVE.test(lower.replace(/\bno longer\b/, ""))) {
    const terms = findingTerms(text.replace(/^.*?\b(?:documentation|documented|chart notes?|medical records?)\b\s*(?:of|that|showing|confirming|documenting)?\s*/i, ""));
    return { kind: "documentation", what: text.replace(/[.;:]+$/, ""), terms };
  }
  const finding = /^(?:(?:the )?(?:disease|tumou?r|cancer|condition|patient|member|individual)\s+(?:is|has|was|are|have|had|shows?|demonstrates?)\b|(?:used|given|administered) (?:as|for|in)\b|(?:presence|evidence|history) of\b)/i.test(text);
  if (finding && !NEGATIVE.test(lower)) {
    const terms = findingTerms(text);
    if (terms.length) return { kind: "documentation", what: text.replace(/[.;:]+$/, ""), terms };
  }
  if (STATUS.test(text) && !NEGATIVE.test(lower) && text.split(" ").length <= 12) {
    const terms = findingTerms(text);
    if (terms.length) return { kind: "documentation", what: text.replace(/[.;:]+$/, ""), terms };
  }
  if (looksLikeCondition(text) && text.split(" ").length <= 8 && !NEGATIVE.test(lower)) return diagnosisCheck(text);
  return { kind: "manual" };
}

export interface IntroAnalysis {
  logic: "all" | "any";
  minCount?: number;
  /** The intro states the group's logic explicitly ("ONE of the following", "(i, ii, and iii)"). */
  explicit: boolean;
  childKind?: ChildKind;
  subject?: string;
  /** Nothing but the logic ("Afinitor will be approved based on one of the following criteria:"). */
  pureIntro: boolean;
  /** A criterion stated before the list ("The patient has a diagnosis of X AND ALL of the following:"). */
  leadCriterion?: string;
  /** The lead is a statement before a logic parenthesis ("X (i and ii):"), not before "AND ALL of the following". */
  noted?: boolean;
}

/**
 * A list's logic stated in a trailing parenthesis (Centene / Envolve clinical policies and others): "(must meet all)",
 * "(must meet one)", "(must meet 1 or 2)", "(a or b)", "(i and ii)", "(a, b, or c)".
 */
export const LOGIC_NOTE = /\s*\((?:must meet [^)]{1,30}|[a-z0-9]{1,4}(?:\s*,\s*[a-z0-9]{1,4})*,?\s+(?:and|or)\s+[a-z0-9]{1,4})\)\s*[:.;]?\s*$/i;

/** The words before a list that need the list to finish them: "Diagnosis of", "Disease is", "Used in combination with". */
const STEM_END = /\b(?:of|with|is|are|was|were|to|by|for|as|in|on|after|has|have|had|include|includes|including|following|from|than)\s*$/i;

/** The logic a list's intro states, and what its items are when the intro says ("Diagnosis of one of the following:"). */
export function analyzeIntro(rawText: string): IntroAnalysis {
  const text = withoutConnector(rawText);
  const lower = lowerNoMarks(text);
  let logic: "all" | "any" = "all";
  let minCount: number | undefined;
  let explicit = true;
  const counted = /\b(?:at least )?(two|three|four|five|2|3|4|5)\s+(?:or more\s+)?(?:of\s+)?(?:the following|these)\b/.exec(lower) ?? /\bmust meet (?:at least )?(two|three|four|five|2|3|4|5)\s*\)/.exec(lower);
  if (counted) {
    logic = "any";
    minCount = num(counted[1]);
  } else if (/\b(?:one|any|either)\s+(?:or more\s+)?(?:of\s+)?(?:the following|these)\b|\bat least one of\b|\bone of the\b|\bmust meet (?:one|any|either|at least one)\b|\(\s*(?:must meet\s+)?[a-z0-9]{1,4}(?:\s*,\s*[a-z0-9]{1,4})*,?\s+or\s+[a-z0-9]{1,4}\s*\)/.test(lower)) {
    logic = "any";
  } else if (/\b(?:all|each|both)\s+(?:of\s+)?(?:the following|these)\b|\(\s*[a-z0-9]{1,4}(?:\s*,\s*[a-z0-9]{1,4})*,?\s+and\s+[a-z0-9]{1,4}\s*\)|\bthe following criteri(?:on|a)\b|\bmust meet (?:all|both)\b|\bthe following\b/.test(lower)) {
    logic = "all";
  } else {
    explicit = false;
  }
  const pre = text
    .replace(/\b(?:at least\s+)?(?:one|any|either|all|both|each|two|three|four|five|[2-5])\s*(?:or more\s*)?(?:of\s*)?(?:the following|these)\b.*$/i, "")
    .replace(/\bthe following\b.*$/i, "")
    .replace(/\([^)]*\)\s*:?\s*$/, "")
    .trim();
  const after = /\bthe following\s+([^:]*)/i.exec(text)?.[1] ?? "";
  const preLower = pre.toLowerCase();
  let childKind: ChildKind | undefined;
  let subject: string | undefined;
  // "Prescribed by one of the following:", "Prescribed by or in consultation with one of the following:".
  if (/\b(?:prescribed|recommended|ordered|managed)\s+by(?:\s+or\s+in\s+consultation\s+with)?\s*(?:an?\s+)?$|\bin consultation with\s*(?:an?\s+)?$/.test(preLower)) childKind = "prescriber_specialty";
  else if (/\bdiagnos/.test(preLower) || /\b(?:diagnos\w*|subtypes?|conditions?|indications?|diseases?|histolog\w*)\b/.test(after.toLowerCase())) childKind = "diagnosis";
  else if (EXCLUSION.test(preLower)) childKind = "concurrent_therapy_exclusion";
  else if (TRIAL.test(preLower) || /\btherapy with\s*$/.test(preLower)) childKind = "step_therapy";
  else if (COMBINATION.test(preLower)) childKind = "combination_therapy";
  // Only a bare subject is finished by the items ("Disease is" + "Metastatic"); "Disease is positive for the T315I
  // mutation (i and ii):" is a statement of its own.
  else if (/^(?:the )?(?:disease|tumou?r|cancer|condition)\s+(?:is|has|was|are)\s*$/i.test(pre)) {
    childKind = "documentation";
    subject = pre.replace(/\s+$/, "");
  }
  // "Not receiving X in combination with any (either) of the following": none of them may be used, each is a
  // requirement of its own (ALL), not alternatives.
  if (childKind === "concurrent_therapy_exclusion" && !minCount) logic = "all";
  const pureIntro = !pre || /\b(?:approved?|approval|covered|coverage|medically necessary|meets?|met|criteria|criterion|based on|if|when|requires?|qualif\w*)\b\s*(?:the|if|when)?\s*$/i.test(pre) || /^(?:.*\b(?:will be|may be|is|are) (?:approved|covered|authorized)\b.*|patient meets|member meets|individual meets)$/i.test(pre);
  // "The patient has a diagnosis of X AND ALL of the following": X is a criterion, the list comes on top of it.
  const lead = pre.replace(/[\s,;:]*\b(?:and|AND)\s*$/, "").trim();
  if (!pureIntro && lead !== pre && lead.split(/\s+/).length >= 3 && !STEM_END.test(lead)) {
    return { logic, minCount, explicit, pureIntro: false, leadCriterion: lead };
  }
  // "Patient has axial spondyloarthritis AND has objective signs of inflammation, defined as ONE of the following":
  // the capitalised AND joins a criterion of its own to the statement the list defines.
  const joined = /^(.+?)[\s,;]+AND\s+\S/.exec(pre)?.[1]?.trim();
  if (!pureIntro && joined && joined.split(/\s+/).length >= 3 && !STEM_END.test(joined)) {
    return { logic, minCount, explicit, pureIntro: false, leadCriterion: joined };
  }
  // "Relapsed or refractory B-ALL (i and ii):": a statement whose list comes on top of it (an indication's heading
  // "Acute Lymphoblastic Leukemia (must meet all):" reads so too; the section builder knows it as the title).
  if (!pureIntro && !childKind && LOGIC_NOTE.test(text) && !STEM_END.test(pre) && pre.split(/\s+/).length >= 2) {
    return { logic, minCount, explicit, pureIntro: false, leadCriterion: pre, noted: true };
  }
  return { logic, minCount, explicit, childKind, subject, pureIntro: pureIntro && !childKind };
}
