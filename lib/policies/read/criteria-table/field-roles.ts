// What each field of a criteria book or column of a criteria table is for, and how its text is read. Data: the Part D
// field headings and the table column headers map onto these roles (part-d/fields.ts, criteria-table/columns.ts).
import type { ChildKind } from "@/lib/policies/classify-criterion";

export type FieldRole =
  | "covered_uses" | "indications" | "off_label" | "exclusion" | "required_info" | "age" | "prescriber" | "duration" | "other"
  | "part_b" | "criteria" | "quantity";

export interface RoleReading {
  /** Criteria are read from the text (false: it gives the approval duration, hints or nothing). */
  criteria: boolean;
  /** Its items are of this kind when the text does not say otherwise. */
  inherited?: ChildKind;
  /** The text may be split into initial and renewal parts ("Initial: ...", "Renewal: ..."). */
  phased: boolean;
  /** Applies to renewals too (restrictions of every request), when the text distinguishes the phases. */
  everyRequest: boolean;
}

export const ROLE_READINGS: Record<FieldRole, RoleReading> = {
  covered_uses: { criteria: true, inherited: "diagnosis", phased: false, everyRequest: false },
  indications: { criteria: true, inherited: "diagnosis", phased: false, everyRequest: false },
  off_label: { criteria: false, phased: false, everyRequest: false },
  exclusion: { criteria: true, phased: false, everyRequest: true },
  required_info: { criteria: true, phased: true, everyRequest: false },
  age: { criteria: true, phased: false, everyRequest: true },
  prescriber: { criteria: true, phased: false, everyRequest: true },
  duration: { criteria: false, phased: false, everyRequest: false },
  // "Other Criteria" of a criteria book hold for every request (a lifetime limit, a claim rule) unless labelled by phase.
  other: { criteria: true, phased: true, everyRequest: true },
  part_b: { criteria: true, phased: false, everyRequest: false },
  criteria: { criteria: true, phased: true, everyRequest: false },
  quantity: { criteria: false, phased: false, everyRequest: true },
};

/** A field that states nothing: "N/A", "None", "-", "Not applicable", "No". */
export const NOTHING_STATED = /^(?:n\/?a|none|not applicable|no|nil|-+|\u2013|\u2014|none required|no restrictions?|not required)\.?$/i;

/**
 * The scope of a Part D drug's coverage, not a requirement of the case: "All FDA-approved indications not otherwise
 * excluded from Part D", "All medically accepted indications". The requirements stand in the other fields.
 */
export const SCOPE_STATEMENT = /^(?:all|any)\s+(?:fda[- ]approved|medically[- ]accepted|food and drug administration[- ]approved)\s+(?:indications?|uses?)(?:\s*(?:,|and|or)\s*(?:some|all)?\s*(?:fda[- ]approved|medically[- ]accepted)\s+indications?)*(?:\s+not otherwise excluded(?: from part d)?)?\.?$/i;

/**
 * A phase heading at the start of a line: "Initial:", "Initial Authorization:", "Renewal -", "Reauthorization:", or an
 * indication with its phase in parentheses as Part D books write it: "Rheumatoid Arthritis (Initial):", "RA (Reauth):".
 * Group 1 or 3: initial; group 2 or 4: renewal.
 */
export const PHASE_LABEL = /^(?:(initial)(?: (?:authori[sz]ation|approval|requests?|therapy|criteria|review))?|(renewal|re-?authori[sz]ation|reauth|continuation(?: of therapy)?|continued therapy|recertification))\s*(?:\([^)]{1,30}\))?\s*[:\u2013-]\s*|^[A-Z][^:()]{0,60}?(?:\([A-Z0-9-]{2,10}\)\s*)?\((?:(initial)|(re-?auth(?:ori[sz]ation)?|renewal|continuation))\)\s*:\s*/i;
