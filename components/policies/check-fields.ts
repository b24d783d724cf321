import type { CheckKind } from "@/lib/policies/check-schema";

// The structured editor's fields per check kind (the schema, lib/policies/check-schema.ts, validates what they make).
export type FieldSpec = { key: string; label: string; type: "number" | "text" | "list" | "flag" | "choice"; options?: string[]; hint?: string };

const LIMIT: FieldSpec[] = [
  { key: "value", label: "Amount", type: "number" },
  { key: "unit", label: "Unit", type: "text", hint: "tablets, mg, pens, months" },
  { key: "perDays", label: "Per how many days", type: "number", hint: "empty: per fill (quantities) or per day (doses)" },
  { key: "drug", label: "Drug (optional)", type: "text" },
];

export const CHECK_FIELDS: Record<CheckKind, FieldSpec[]> = {
  age: [
    { key: "min", label: "Minimum age (years)", type: "number" },
    { key: "minExclusive", label: "Older than the minimum (exclusive)", type: "flag" },
    { key: "max", label: "Maximum age (years)", type: "number" },
    { key: "maxExclusive", label: "Younger than the maximum (exclusive)", type: "flag" },
  ],
  diagnosis: [
    { key: "names", label: "Diagnosis names", type: "list", hint: "one per line" },
    { key: "icd10Prefixes", label: "ICD-10 codes or prefixes", type: "list", hint: "one per line, e.g. M05" },
  ],
  prescriber_specialty: [
    { key: "specialties", label: "Specialties", type: "list", hint: "one per line" },
    { key: "consultationAllowed", label: "Or in consultation with one", type: "flag" },
  ],
  step_therapy: [
    { key: "drugs", label: "Drugs", type: "list", hint: "one per line" },
    { key: "drugClasses", label: "Drug classes", type: "list", hint: "one per line (vocabulary ids)" },
    { key: "count", label: "How many distinct drugs", type: "number" },
    { key: "minDurationDays", label: "Minimum trial duration (days)", type: "number" },
    { key: "withinDays", label: "Within the last (days)", type: "number" },
    { key: "outcomes", label: "Accepted outcomes", type: "list", hint: "tried, failed, intolerant, contraindicated" },
  ],
  lab_threshold: [
    { key: "analyte", label: "Lab or score", type: "text" },
    { key: "comparator", label: "Comparator", type: "choice", options: ["<", "<=", ">", ">=", "="] },
    { key: "value", label: "Threshold", type: "number" },
    { key: "unit", label: "Unit (optional)", type: "text" },
    { key: "withinDays", label: "Result within the last (days)", type: "number" },
  ],
  quantity_limit: LIMIT,
  dose_limit: LIMIT,
  duration_limit: LIMIT,
  documentation: [
    { key: "what", label: "What the documents must show", type: "text" },
    { key: "terms", label: "Words searched for", type: "list", hint: "one per line" },
    { key: "minCount", label: "At least this number before them", type: "number" },
  ],
  combination_therapy: [{ key: "drugs", label: "Used together with one of", type: "list", hint: "one per line" }],
  concurrent_therapy_exclusion: [
    { key: "drugs", label: "Not together with", type: "list", hint: "one per line" },
    { key: "drugClasses", label: "Drug classes", type: "list", hint: "one per line" },
  ],
  continuation: [{ key: "requirement", label: "Requirement", type: "choice", options: ["on_therapy", "response", "no_progression"] }],
  labeled_dose_limit: [],
  manual: [],
};

export type FormValues = Record<string, string | boolean>;

/** The form's values from a check (lists one per line). */
export function toForm(check: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(check)) {
    if (key === "kind") continue;
    out[key] = Array.isArray(value) ? value.join("\n") : typeof value === "boolean" ? value : String(value ?? "");
  }
  return out;
}

/** A check from the form: empty fields are left out; a number field that is not a number stays text, so the schema names it. */
export function fromForm(kind: CheckKind, values: FormValues, original: Record<string, unknown>): Record<string, unknown> {
  const check: Record<string, unknown> = { kind };
  const specs = CHECK_FIELDS[kind];
  // Fields the form does not show (e.g. examples, excludeRequested) are kept when the kind is unchanged.
  if (original.kind === kind) for (const [k, v] of Object.entries(original)) if (!specs.some((s) => s.key === k)) check[k] = v;
  for (const spec of specs) {
    const value = values[spec.key];
    if (spec.type === "flag") {
      if (value === true) check[spec.key] = true;
    } else if (spec.type === "list") {
      check[spec.key] = String(value ?? "").split(/\n|,/).map((s) => s.trim()).filter(Boolean);
    } else if (typeof value === "string" && value.trim() !== "") {
      check[spec.key] = spec.type === "number" && Number.isFinite(Number(value)) ? Number(value) : value.trim();
    }
  }
  return check;
}
