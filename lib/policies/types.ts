// The parsed form of a payer policy: sections (indications, initial or continuation) with a tree of criteria, each
// criterion with its verbatim quote and a classified check that the policy check can answer from a case.

export interface Quote {
  page: number;
  /** A whitespace-normalised, verbatim substring of that page's text. */
  text: string;
  /** The quoted text (or part of it) was read from the page image by text recognition, not from a text layer. */
  recognised?: boolean;
  /** That recognition's confidence (0-100), the lowest of the cells quoted. */
  confidence?: number;
}

export type TrialOutcome = "tried" | "failed" | "intolerant" | "contraindicated";

export type Check =
  | { kind: "diagnosis"; names: string[]; icd10Prefixes: string[] }
  /** Age in years; bounds are inclusive unless the exclusive flag says otherwise ("less than 19" = max 19, exclusive). */
  | { kind: "age"; min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean }
  /** "prescribed by or in consultation with": consultationAllowed; the specialties as the policy names them. */
  | { kind: "prescriber_specialty"; specialties: string[]; consultationAllowed?: boolean }
  /**
   * Prior drugs: any of `drugs`, or members of `drugClasses` (vocabulary ids, lib/lexicon/data/drug-classes.json, plus the
   * policy's `examples`); `count` distinct drugs; both empty = any prior therapy ("second-line").
   */
  | {
      kind: "step_therapy"; drugs: string[]; drugClasses: string[]; examples?: string[]; count: number; minDurationDays?: number; outcomes: TrialOutcome[]; excludeRequested?: boolean;
      /** A look-back: the trial (a dated fill or course) must fall within this many days before the request ("within the last 90 days"). */
      withinDays?: number;
      /** A fill must cover at least this many days of supply ("a paid claim for a 30-day supply"). */
      minSupplyDays?: number;
      /** Each class of `drugClasses` must be among the trials ("one methylphenidate-based and one amphetamine-based product"). */
      eachClass?: boolean;
    }
  /** `relativeTo`: the value is a multiple of the reporting laboratory's limit ("above the upper limit of normal" = > 1). */
  /**
   * A result against a threshold. `withinDays`: the result must be dated within this many days before the request.
   * `byDiagnosis`: the threshold depends on the diagnosis ("70 mg/dL for ASCVD, or 100 mg/dL for HeFH"): the first
   * alternative whose diagnosis the case shows gives the value (`value` is then the first alternative's).
   */
  | {
      kind: "lab_threshold";
      analyte: string;
      comparator: "<" | "<=" | ">" | ">=" | "=";
      value: number;
      unit?: string;
      relativeTo?: "upper_limit_of_normal" | "lower_limit_of_normal";
      withinDays?: number;
      byDiagnosis?: { value: number; names: string[]; icd10Prefixes: string[] }[];
    }
  /**
   * Limits per period (`perDays`; none = per day for doses, per fill for quantities). A duration limit with `lifetime`
   * counts all treatment, past fills and courses of `drugs` (else the requested drug) included, not only the request.
   */
  | { kind: "quantity_limit" | "dose_limit" | "duration_limit"; value: number; unit: string; perDays?: number; drug?: string; lifetime?: boolean; drugs?: string[] }
  /**
   * Something the case's documents must show; `terms` are the words searched for (all of them, one sentence);
   * `minCount`: a number at least this stands before them ("3 steroid bursts", "24 nodular lesions").
   */
  | { kind: "documentation"; what: string; terms?: string[]; minCount?: number }
  /** The requested drug must be used together with one of `drugs`. */
  | { kind: "combination_therapy"; drugs: string[] }
  | { kind: "concurrent_therapy_exclusion"; drugs: string[]; drugClasses?: string[] }
  | { kind: "continuation"; requirement: "on_therapy" | "response" | "no_progression"; drug?: string }
  /** The requested daily dose within the FDA-labeled maximum of the product for the patient (the lexicon's table). */
  | { kind: "labeled_dose_limit" }
  | { kind: "manual" };

export interface PolicyNote {
  text: string;
  quote: Quote;
}

/** `rule`: the id of the reading rule that classified the check (shown with the step, so a reader can trace it). */
export type CriterionNode = { kind: "criterion"; id: string; text: string; quote: Quote; check: Check; notes?: PolicyNote[]; rule?: string };
export type GroupNode = { kind: "group"; id: string; logic: "all" | "any"; minCount?: number; text: string | null; quote: Quote | null; children: CriteriaNode[] };
export type CriteriaNode = GroupNode | CriterionNode;

export interface PolicySection {
  id: string;
  /** The indication, e.g. "Lennox-Gastaut Syndrome". */
  title: string;
  kind: "initial" | "continuation" | "general";
  diagnosisHints: { names: string[]; icd10Prefixes: string[] };
  approvalDuration: string | null;
  criteria: CriteriaNode;
  /** The indication's heading as written (several sections share it: initial and continuation). */
  titleQuote?: Quote | null;
}

export interface ParsedPolicy {
  title: string;
  payer: string | null;
  effectiveDate: string | null;
  /** Covered drugs as the policy writes them, e.g. "Humira (adalimumab subcutaneous injection)". */
  drugNames: string[];
  /** Codes the document mentions: suggestions an admin confirms. */
  suggestedCodes: { ndc: string[]; cpt: string[]; hcpcs: string[] };
  sections: PolicySection[];
  /** Quantity, dose and duration limits of dosing tables: they apply whichever indication is chosen. */
  limits?: CriterionNode[];
  /** What the parser could not place or had to drop (a quote it could not find verbatim ...). */
  warnings?: string[];
}

export interface StepEvidence {
  documentId?: string;
  page?: number | null;
  start?: number;
  end?: number;
  quote: string;
  claimId?: string;
}

export type StepOutcome = "met" | "not_met" | "missing" | "manual";

export interface PolicyCheckStep {
  step: number;
  criterionId: string;
  question_or_action: string;
  answer: string;
  /** True only with evidence. */
  passed: boolean;
  outcome: StepOutcome;
  /** For missing evidence: exactly what is missing. */
  reason: string;
  policy_guideline_quoted_source: string;
  policyQuote: Quote;
  evidence: StepEvidence[];
  missingInformation?: string;
  /**
   * An alternative of an ANY group that another alternative already satisfies: reported so reviewers see it, with
   * `passed` false (its own finding stays in `answer`) and `outcome` "met" because the requirement it belongs to is met.
   */
  notNeeded?: boolean;
  /** An alternative of a still open ANY group that is itself not met: nothing to ask for, another branch may meet it. */
  closedAlternative?: boolean;
  /**
   * A leaf under a ONE-of group with several open branches (group: its id; branch: which child): what is missing
   * there is asked for as "either ... or ...", not as a list of requirements.
   */
  openAlternative?: { group: string; branch: number };
}

export interface PolicyCheckSummary {
  overall: "met" | "not_met" | "missing";
  failedSteps: number[];
  missingSteps: number[];
  /** Steps a clinician must judge (they keep the overall result from "met"). */
  manualSteps: number[];
}

export interface PolicyEvaluation {
  section: PolicySection | null;
  steps: PolicyCheckStep[];
  summary: PolicyCheckSummary;
  /** Why this section: the diagnosis match and initial or continuation. */
  selection?: string;
}
