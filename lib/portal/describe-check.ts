// A classified check in a reviewer's words, for the policy page ("ICD-10 C91.0", "at most 28 mcg a day"), rather
// than the engine's field names.
import { className } from "@/lib/lexicon/drug-classes";
import type { Check } from "@/lib/policies/types";

const list = (items: readonly string[] | undefined, joiner = "or") =>
  !items?.length ? "" : items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;

const per = (days: number | undefined, fallback: string) => (days === undefined ? fallback : days === 1 ? "a day" : days === 7 ? "a week" : `per ${days} days`);

const COMPARATORS: Record<string, string> = { "<": "below", "<=": "at most", ">": "above", ">=": "at least", "=": "equal to" };
const TRIAL_OUTCOMES: Record<string, string> = { tried: "tried", failed: "failed", intolerant: "not tolerated", contraindicated: "contraindicated" };

function ageBounds(c: Extract<Check, { kind: "age" }>): string {
  const lower = c.min === undefined ? null : `${c.minExclusive ? "older than" : "at least"} ${c.min}`;
  const upper = c.max === undefined ? null : `${c.maxExclusive ? "younger than" : "at most"} ${c.max}`;
  return [lower, upper].filter(Boolean).join(" and ") + " years";
}

/** One line describing what the check requires of a case. Unknown kinds list their fields. */
export function describeCheck(check: { kind: string } & Record<string, unknown>): string {
  const c = check as Check;
  switch (c.kind) {
    case "diagnosis":
      return [list(c.names), c.icd10Prefixes?.length ? `ICD-10 ${list(c.icd10Prefixes)}` : ""].filter(Boolean).join(" · ");
    case "age":
      return ageBounds(c);
    case "prescriber_specialty":
      return `${c.consultationAllowed ? "prescribed by or with a consultation of" : "prescribed by"} ${list(c.specialties)}`;
    case "step_therapy": {
      const what = list([...c.drugs, ...c.drugClasses.map(className)]) || "any prior therapy";
      const outcomes = list(c.outcomes.map((o) => TRIAL_OUTCOMES[o] ?? o));
      return [`${c.count} of ${what}`, outcomes ? `outcome: ${outcomes}` : "", c.minDurationDays ? `at least ${c.minDurationDays} days` : "", c.examples?.length ? `e.g. ${c.examples.join(", ")}` : ""]
        .filter(Boolean)
        .join(" · ");
    }
    case "lab_threshold": {
      const threshold = c.relativeTo
        ? `${c.analyte} ${COMPARATORS[c.comparator]} ${c.value} × the ${c.relativeTo === "upper_limit_of_normal" ? "upper" : "lower"} limit of normal`
        : c.byDiagnosis?.length
          ? `${c.analyte} ${COMPARATORS[c.comparator]} ${c.byDiagnosis.map((b) => `${b.value}${c.unit ? ` ${c.unit}` : ""} for ${list(b.names.length ? b.names : b.icd10Prefixes)}`).join("; ")}`
          : `${c.analyte} ${COMPARATORS[c.comparator]} ${c.value}${c.unit ? ` ${c.unit}` : ""}`;
      return c.withinDays ? `${threshold} · within ${c.withinDays} days` : threshold;
    }
    case "quantity_limit":
      return `at most ${c.value} ${c.unit} ${per(c.perDays, "per fill")}${c.drug ? ` (${c.drug})` : ""}`;
    case "dose_limit":
      return `at most ${c.value} ${c.unit} ${per(c.perDays, "a day")}${c.drug ? ` (${c.drug})` : ""}`;
    case "labeled_dose_limit":
      return "daily dose within the FDA-labeled maximum (the lexicon's labeled doses)";
    case "duration_limit":
      return `at most ${c.value} ${c.unit}${c.drug ? ` (${c.drug})` : ""}`;
    case "documentation":
      return [c.what, c.minCount ? `at least ${c.minCount}` : "", c.terms?.length ? `searched for: ${c.terms.join(", ")}` : ""].filter(Boolean).join(" · ");
    case "combination_therapy":
      return `used together with ${list(c.drugs)}`;
    case "concurrent_therapy_exclusion":
      return `not together with ${list([...c.drugs, ...(c.drugClasses ?? []).map(className)])}`;
    case "continuation":
      return { on_therapy: "currently on the drug", response: "responding to therapy", no_progression: "no disease progression" }[c.requirement] + (c.drug ? ` (${c.drug})` : "");
    case "manual":
      return "a clinician judges it";
    default: {
      const { kind: _kind, ...fields } = check;
      void _kind;
      return Object.entries(fields)
        .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`)
        .join(" · ");
    }
  }
}
