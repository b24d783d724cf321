// The field headings of Medicare Part D prior authorization criteria books (the CMS template and its variants), as
// data: each heading, its role and the field id its criteria record with the rule that read them. Tested as a table (fields.test.ts).
import type { FieldRole } from "../criteria-table/field-roles";

/** "end": back matter after the last block (an index of products): no block's text. */
export type PartDRole = FieldRole | "products" | "group" | "header" | "end";

export interface PartDField {
  id: string;
  heading: string;
  role: PartDRole;
}

export const PART_D_FIELDS: readonly PartDField[] = [
  { id: "part-d.products-affected", heading: "Products Affected", role: "products" },
  { id: "part-d.drug-names", heading: "Drug Names", role: "products" },
  { id: "part-d.drug-names", heading: "Drug Name(s)", role: "products" },
  { id: "part-d.drugs-affected", heading: "Drugs Affected", role: "products" },
  { id: "part-d.pa-group", heading: "Prior Authorization Group", role: "group" },
  { id: "part-d.pa-group", heading: "PA Group", role: "group" },
  { id: "part-d.header", heading: "PA Criteria", role: "header" },
  { id: "part-d.header", heading: "Criteria Details", role: "header" },
  { id: "part-d.header", heading: "PA Criteria Criteria Details", role: "header" },
  { id: "part-d.covered-uses", heading: "Covered Uses", role: "covered_uses" },
  { id: "part-d.indications", heading: "Indications", role: "indications" },
  { id: "part-d.indications", heading: "PA Indication Indicator", role: "indications" },
  { id: "part-d.off-label-uses", heading: "Off-Label Uses", role: "off_label" },
  { id: "part-d.off-label-uses", heading: "Off Label Uses", role: "off_label" },
  { id: "part-d.exclusion-criteria", heading: "Exclusion Criteria", role: "exclusion" },
  { id: "part-d.required-medical-information", heading: "Required Medical Information", role: "required_info" },
  { id: "part-d.age-restrictions", heading: "Age Restrictions", role: "age" },
  { id: "part-d.age-restrictions", heading: "Age Restriction", role: "age" },
  { id: "part-d.prescriber-restrictions", heading: "Prescriber Restrictions", role: "prescriber" },
  { id: "part-d.prescriber-restrictions", heading: "Prescriber Restriction", role: "prescriber" },
  { id: "part-d.coverage-duration", heading: "Coverage Duration", role: "duration" },
  { id: "part-d.other-criteria", heading: "Other Criteria", role: "other" },
  { id: "part-d.part-b-prerequisite", heading: "Part B Prerequisite", role: "part_b" },
  ...["Index", "Index of Products", "Index of Drugs", "Product Index", "Drug Index", "Index of Drug Names", "Alphabetical Index"].map((heading) => ({ id: "part-d.index", heading, role: "end" as const })),
];

const normalize = (text: string) => text.toLowerCase().replace(/[-\u2013\u2014_:]/g, " ").replace(/\s+/g, " ").trim();

const BY_HEADING = new Map(PART_D_FIELDS.map((f) => [normalize(f.heading), f]));

/** The field a heading names exactly (case, hyphens, colons and spacing aside). */
export function fieldOfHeading(text: string): PartDField | null {
  return BY_HEADING.get(normalize(text)) ?? null;
}

/** True when the text is the start of a heading wrapped over lines ("Required", "Required Medical"). */
export function isHeadingStart(text: string): boolean {
  const start = normalize(text);
  if (!start) return false;
  return PART_D_FIELDS.some((f) => normalize(f.heading).startsWith(`${start} `));
}

/** A heading that opens a cell with its text after it, without a column gap: "Age Restrictions 18 years or older". */
export function leadingHeading(text: string): { field: PartDField; rest: string } | null {
  const words = text.trim().split(/\s+/);
  for (let n = Math.min(5, words.length - 1); n >= 1; n--) {
    const field = fieldOfHeading(words.slice(0, n).join(" "));
    if (field && field.role !== "header" && field.role !== "end") return { field, rest: words.slice(n).join(" ") };
  }
  return null;
}
