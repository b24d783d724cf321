// Limits: a quantity per period ("2 pens per 28 days"), a dose ("not to exceed 40 mg per week"), a duration of use
// ("treatment duration up to 12 weeks").
import type { Check } from "../types";
import { num, type CriterionInput } from "./criterion-input";

const per = (n?: string, unit?: string) => (unit ? (n ? num(n) : 1) * (unit.startsWith("week") ? 7 : unit.startsWith("month") ? 30 : unit.startsWith("year") ? 365 : 1) : undefined);

export function quantityLimit({ lower }: CriterionInput): Check | null {
  const m = /\b(\d+(?:\.\d+)?)\s*(tablets?|capsules?|pens?|syringes?|vials?|units?|kits?|packs?|cartons?|patch(?:es)?|inhalers?|injections?|doses?|ml|bottles?|boxes?)\s*(?:per|\/|every|each|in)\s*(\d+)?\s*-?\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  return m ? { kind: "quantity_limit", value: num(m[1]), unit: m[2].replace(/s$/, ""), perDays: per(m[3], m[4]) } : null;
}

export function doseLimit({ lower }: CriterionInput): Check | null {
  const m = /\b(?:dose|dosage|dosing|doses)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|max|up to|no more than|does not exceed|<=|less than or equal to)\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|micrograms?|units?|iu|g|ml)(?:\s*(?:per|\/|every|each)\s*(\d+)?\s*(day|week|month|dose|kg))?/.exec(lower)
    ?? /\b(?:maximum|max)(?: daily)? (?:dose|dosage) (?:of|is)?\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg|mcg|units?|g|ml)(?:\s*(?:per|\/)\s*(\d+)?\s*(day|week|month))?/.exec(lower);
  return m ? { kind: "dose_limit", value: num(m[1]), unit: m[2], perDays: m[4] && m[4] !== "dose" && m[4] !== "kg" ? per(m[3], m[4]) : undefined } : null;
}

export function durationLimit({ lower }: CriterionInput): Check | null {
  const m = /\b(?:treatment|therapy|duration|course|use)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|up to|no more than|limited to|no longer than)\s*(\d+)\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  return m ? { kind: "duration_limit", value: num(m[1]), unit: m[2].replace(/s$/, "") } : null;
}
