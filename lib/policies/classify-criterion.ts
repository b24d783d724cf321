// What a criterion asks, from its wording: age, diagnosis, prescriber specialty, prior drugs (step therapy), a lab
// value, a quantity / dose / duration limit, documentation of a finding, combination or exclusion of other drugs,
// continuation (on therapy, responding, not progressing). The knowledge is the ordered rule table
// classify/criterion-rules.json (cues, exclusions, the extractor that reads the values), interpreted by
// classify/read-criterion.ts; what no rule reads is "manual" (a clinician answers it). Here: the list intros' logic.
import { criterionPattern } from "./classify/criterion-patterns";
import { lowerNoMarks, num, type ChildKind, type ClassifyContext } from "./classify/criterion-input";
import { readCriterion } from "./classify/read-criterion";
import { withoutConnector } from "./list-markers";
import type { Check } from "./types";

export type { ChildKind, ClassifyContext };
export { findingTerms } from "./classify/extract-finding";
export { readCriterion, type ReadCriterion } from "./classify/read-criterion";

const TRIAL = criterionPattern("trial");
const EXCLUSION = criterionPattern("exclusion");
const COMBINATION = criterionPattern("combination");

/** The check a criterion's text asks for (readCriterion also names the rule that read it). */
export function classifyCriterion(rawText: string, ctx: ClassifyContext = {}): Check {
  return readCriterion(rawText, ctx).check;
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
