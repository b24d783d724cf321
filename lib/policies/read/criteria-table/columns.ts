// Column headers of multi-drug criteria tables (state Medicaid and PBM clinical criteria, preferred drug lists with
// criteria), as data: each header, what the column holds, and the field id its criteria record with the rule that read them.
// Tested as a table (columns.test.ts).
import type { FieldRole } from "./field-roles";

/** "other": a column the vocabulary does not know ("Notes", "Comments"): kept apart and not read. */
export type ColumnRole = "drug" | "class" | "preferred" | "non_preferred" | FieldRole | "renewal" | "other";

export interface ColumnHeader {
  id: string;
  header: string;
  role: ColumnRole;
}

export const COLUMN_HEADERS: readonly ColumnHeader[] = [
  ...["Drug", "Drugs", "Drug Name", "Drug Name(s)", "Drug(s)", "Medication", "Medications", "Medication(s)", "Drug / Class", "Drug/Class", "Drug / Drug Class", "Drug or Class", "Agent", "Agents", "Product", "Products", "Brand (Generic)", "Drug Product"].map((header) => ({ id: "criteria-table.drug", header, role: "drug" as const })),
  ...["Drug Class", "Class", "Therapeutic Class", "Therapeutic Category", "Category", "Drug Category"].map((header) => ({ id: "criteria-table.class", header, role: "class" as const })),
  ...["Preferred", "Preferred Agents", "Preferred Drugs", "Preferred Products", "PDL Preferred"].map((header) => ({ id: "criteria-table.preferred", header, role: "preferred" as const })),
  ...["Non-Preferred", "Non Preferred", "Nonpreferred", "Non-Preferred Agents", "Non-Preferred Drugs", "Non-Preferred Products", "Non-PDL", "Non-Preferred (PA Required)"].map((header) => ({ id: "criteria-table.non-preferred", header, role: "non_preferred" as const })),
  ...["Criteria", "PA Criteria", "Clinical Criteria", "Prior Authorization Criteria", "Approval Criteria", "Coverage Criteria", "Clinical PA Criteria", "Criteria for Approval", "Initial Criteria", "Initial Approval Criteria", "PA Requirements", "Requirements", "Clinical Criteria for Approval", "Prior Authorization Requirements", "Clinical Criteria for Non-Preferred Agents", "Criteria for Non-Preferred Agents", "PA Criteria for Non-Preferred Agents", "Non-Preferred Criteria", "Criteria for Non-Preferred Drugs"].map((header) => ({ id: "criteria-table.criteria", header, role: "criteria" as const })),
  ...["Renewal Criteria", "Reauthorization Criteria", "Re-authorization Criteria", "Continuation Criteria", "Criteria for Renewal"].map((header) => ({ id: "criteria-table.renewal", header, role: "renewal" as const })),
  ...["Approval Duration", "Duration of Approval", "Approval Length", "Length of Approval", "Authorization Duration", "Authorization Period", "Approval Period", "Duration", "PA Duration", "Initial Approval Duration"].map((header) => ({ id: "criteria-table.duration", header, role: "duration" as const })),
  ...["Quantity Limit", "Quantity Limits", "QL", "Quantity Limit / Max Dose", "Max Quantity", "Maximum Quantity", "Limits", "Dose Limit", "Dosing Limits", "Quantity Limits / Notes", "Quantity Limit / Notes", "QL / Notes", "Limits / Notes", "Quantity Limits and Notes"].map((header) => ({ id: "criteria-table.quantity", header, role: "quantity" as const })),
  ...["Age", "Age Limit", "Age Limits", "Age Restriction", "Age Restrictions"].map((header) => ({ id: "criteria-table.age", header, role: "age" as const })),
  ...["Prescriber", "Prescriber Restriction", "Prescriber Restrictions", "Specialist", "Prescriber Specialty"].map((header) => ({ id: "criteria-table.prescriber", header, role: "prescriber" as const })),
  ...["Exclusions", "Exclusion Criteria", "Exclusion"].map((header) => ({ id: "criteria-table.exclusion", header, role: "exclusion" as const })),
];

const normalize = (text: string) => text.toLowerCase().replace(/[*:]/g, "").replace(/\s*\/\s*/g, "/").replace(/[-\u2013\u2014]/g, " ").replace(/\s+/g, " ").trim();

const BY_HEADER = new Map(COLUMN_HEADERS.map((c) => [normalize(c.header), c]));

/** The column a header cell names (case, hyphens, slashes' spacing and a trailing colon aside). */
export function columnOfHeader(text: string): ColumnHeader | null {
  return BY_HEADER.get(normalize(text)) ?? null;
}

/**
 * A header cell read with the note a payer may print in parentheses after the column's name, which holds for the
 * whole column: "Clinical Criteria (Authorization is for 365 days unless otherwise stated)". The name alone names
 * the column; a parenthesis that is part of a known header ("Drug Name(s)") is matched first.
 */
export function readHeaderCell(text: string): { header: ColumnHeader; note: string | null } | null {
  const whole = columnOfHeader(text);
  if (whole) return { header: whole, note: null };
  const m = /^([^()]{2,40}?)\s*\(([^()]{3,160})\)\s*:?$/.exec(text.trim());
  const header = m ? columnOfHeader(m[1]) : null;
  return header && m ? { header, note: m[2].trim() } : null;
}

export const isKeyRole = (role: ColumnRole) => role === "drug" || role === "non_preferred" || role === "class";
export const isCriteriaRole = (role: ColumnRole) => role === "criteria" || role === "renewal";
