// Lab values and scores against a threshold: "LDL-C ≥ 100 mg/dL", "Hemoglobin A1c of 7% or greater", "ALT ≤ 3 x ULN".
import type { Check } from "../types";
import { criterionPattern } from "./criterion-patterns";
import { num, type CriterionInput } from "./criterion-input";
import { trialWindow } from "./extract-step-therapy";

const LAB_UNITS = criterionPattern("lab-units").source;
const COMPARISON = new RegExp(`${criterionPattern("lab-comparison").source}\\s*${LAB_UNITS}?`);
const TRAILING = criterionPattern("lab-trailing-comparison");

/** A result the criterion wants recent: "drawn within the past 90 days", "in the last 6 months". */
function withWindow(check: Check, lower: string): Check {
  const days = trialWindow(lower);
  return days && check.kind === "lab_threshold" ? { ...check, withinDays: days } : check;
}

const LIMIT = /\b(?:(\d+(?:\.\d+)?)\s*(?:x|times|-fold)\s*(?:the\s+)?)?(upper|lower) limit of (?:the )?normal\b|\b(?:(\d+(?:\.\d+)?)\s*(?:x|times|-fold)\s*)?(?:the\s+)?(uln|lln)\b/;
/** "above the normal range for age", "below the reference range": a side of the range, its direction in the words. */
const RANGE = /\b(above|over|exceeds?|exceeding|beyond|higher than|greater than|below|under|lower than|less than) (?:the )?(?:age-adjusted |age-specific |laboratory(?:'s)? )?(?:normal|reference) (?:range|limits?)\b/;
const BELOW_WORD = /\b(?:decreased|reduced|low|lower|below|less|under)\b|</;
/** Words of the sentence around the analyte's name: its subject, obligation and the finding's adjectives. */
const NOT_ANALYTE = /\b(?:a|an|the|level|levels|value|values|result|results|is|was|of|serum|plasma|baseline|pretreatment|must|have|has|had|documented|documentation|confirmed|evidence|recent|most|elevated|increased|raised)\b/g;

/** "C-reactive protein elevated beyond the upper limit of normal", "ALT > 3 times the ULN", "baseline IGF-I above
 * normal range for age": a value against the reporting laboratory's reference range, as a multiple of its limit. */
export function labRelativeToNormal({ text, lower }: CriterionInput): Check | null {
  const m = LIMIT.exec(lower);
  const r = m ? null : RANGE.exec(lower);
  if (!m && !r) return null;
  const at = (m ?? r)!.index;
  const before = lower.slice(0, at);
  const verb = r ? null : /\b(?:elevated|increased|raised|high|higher|above|greater|more|over|exceed\w*|beyond|>|>=|decreased|reduced|low|lower|below|less|under|<|<=)\b|[<>]=?/.exec(before);
  const cut = verb ? before.slice(0, verb.index) : before;
  const analyte = cut
    .replace(/\b(?:patient|member|individual)\b.*?\b(?:has|with|had|shows?)\b/, "")
    .replace(/\([^)]*\)/g, " ")
    .replace(NOT_ANALYTE, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!analyte || analyte.split(" ").length > 5) return null;
  const upper = m ? (m[2] ?? m[4]).startsWith("u") : !BELOW_WORD.test(r![1]);
  const below = r ? !upper : BELOW_WORD.test(verb?.[0] ?? "");
  const inclusive = /\b(?:at least|at most|or (?:more|greater|higher|less|lower))\b|[<>]=/.test(lower);
  const comparator = below ? (inclusive ? "<=" : "<") : inclusive ? ">=" : ">";
  // The analyte as the policy writes it ("C-reactive protein", "IgG"), not lower-cased.
  const written = text.toLowerCase().indexOf(analyte) >= 0 ? text.slice(text.toLowerCase().indexOf(analyte), text.toLowerCase().indexOf(analyte) + analyte.length) : analyte;
  return withWindow({ kind: "lab_threshold", analyte: written, comparator, value: Number(m?.[1] ?? m?.[3] ?? 1), relativeTo: upper ? "upper_limit_of_normal" : "lower_limit_of_normal" }, lower);
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

const withoutSubject = (before: string) => before.replace(/\b(?:patient|member|individual)\b.*?\b(?:has|with|had|shows?)\b/, "").trim();

const COMPARATORS: Record<string, "<" | "<=" | ">" | ">=" | "="> = {
  ">=": ">=", "<=": "<=", ">": ">", "<": "<", "=": "=", "greater than or equal to": ">=", "less than or equal to": "<=", "greater than": ">", "more than": ">",
  "less than": "<", "at least": ">=", "at or above": ">=", "at or below": "<=", above: ">", below: "<", exceeding: ">", "of at least": ">=", "no more than": "<=", "no greater than": "<=",
};

/** A comparison before the value: "LDL-C ≥ 100 mg/dL", "≥15 intraepithelial eosinophils per HPF". */
export function labThreshold({ text, lower }: CriterionInput): Check | null {
  const m = COMPARISON.exec(lower);
  if (!m) return null;
  const after = lower.slice(m.index + m[0].length);
  // "≥15 intraepithelial eosinophils per high power field (HPF)": a count per microscope field.
  const unit = m[3] ?? (/^\s*[a-z -]{0,40}?\s(?:per|\/)\s*(?:hpf|high[- ]power field)\b/.test(after) ? "/hpf" : undefined);
  const before = withoutSubject(lower.slice(0, m.index));
  const analyte = analyteOf(before, after);
  const known = criterionPattern("lab-analyte-named").test(before);
  if (!unit && !known) return null;
  if (/\b(?:years?|months?|weeks?|days?)\b/.test(lower.slice(m.index, m.index + m[0].length + 8)) && !known) return null;
  const check: Check = { kind: "lab_threshold", analyte: analyte || text.slice(0, 40), comparator: COMPARATORS[m[1]] ?? ">=", value: num(m[2]) };
  if (unit) check.unit = unit;
  return withWindow(check, lower);
}

/** A comparison after the value: "Hemoglobin A1c of 7% or greater", "LDL-C of 100 mg/dL or higher". */
export function labTrailingComparison({ lower }: CriterionInput): Check | null {
  const m = TRAILING.exec(lower);
  if (!m) return null;
  const before = withoutSubject(lower.slice(0, m.index));
  const analyte = analyteOf(before, lower.slice(m.index + m[0].length));
  if (!analyte || (!m[2] && !criterionPattern("lab-analyte-trailing").test(before))) return null;
  const check: Check = { kind: "lab_threshold", analyte, comparator: /greater|higher|more|above/.test(m[3]) ? ">=" : "<=", value: num(m[1]) };
  if (m[2]) check.unit = m[2];
  return withWindow(check, lower);
}
