// The parsed form of a payer policy: sections (indications, initial or continuation) with a tree of criteria, each
// criterion with its verbatim quote and a classified check that the policy check can answer from a case.

export interface Quote {
  page: number;
  /** A whitespace-normalised, verbatim substring of that page's text. */
  text: string;
}

export type Check =
  | { kind: "diagnosis"; names: string[]; icd10Prefixes: string[] }
  | { kind: "age"; min?: number; max?: number }
  | { kind: "prescriber_specialty"; specialties: string[] }
  | { kind: "step_therapy"; drugs: string[]; drugClasses: string[]; count: number; minDurationDays?: number; outcomes: ("tried" | "failed" | "intolerant" | "contraindicated")[] }
  | { kind: "lab_threshold"; analyte: string; comparator: "<" | "<=" | ">" | ">=" | "="; value: number; unit?: string }
  | { kind: "quantity_limit" | "dose_limit" | "duration_limit"; value: number; unit: string; per?: string }
  | { kind: "documentation"; what: string }
  | { kind: "concurrent_therapy_exclusion"; drugs: string[] }
  | { kind: "continuation"; requirement: string }
  | { kind: "manual" };

export type CriteriaNode =
  | { kind: "group"; id: string; logic: "all" | "any"; minCount?: number; text: string | null; quote: Quote | null; children: CriteriaNode[] }
  | { kind: "criterion"; id: string; text: string; quote: Quote; check: Check };

export interface PolicySection {
  id: string;
  /** The indication, e.g. "Lennox-Gastaut Syndrome". */
  title: string;
  kind: "initial" | "continuation" | "general";
  diagnosisHints: { names: string[]; icd10Prefixes: string[] };
  approvalDuration: string | null;
  criteria: CriteriaNode;
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
}

export interface StepEvidence {
  documentId?: string;
  page?: number | null;
  start?: number;
  end?: number;
  quote: string;
  claimId?: string;
}

export interface PolicyCheckStep {
  step: number;
  criterionId: string;
  question_or_action: string;
  answer: string;
  /** True only with evidence. */
  passed: boolean;
  outcome: "met" | "not_met" | "missing" | "manual";
  /** For missing evidence: exactly what is missing. */
  reason: string;
  policy_guideline_quoted_source: string;
  policyQuote: Quote;
  evidence: StepEvidence[];
  missingInformation?: string;
}

export interface PolicyEvaluation {
  section: PolicySection | null;
  steps: PolicyCheckStep[];
  summary: { overall: "met" | "not_met" | "missing"; failedSteps: number[]; missingSteps: number[] };
}
