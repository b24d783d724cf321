// Age bounds in years: "≥ 1 year of age", "18 years of age or older", "less than 19", "between 6 and 17 years".
import type { Check } from "../types";
import type { CriterionInput } from "./criterion-input";

const N = "(\\d+(?:\\.\\d+)?)";
const U = "\\s*(years?|yrs?|months?)?";
const toYears = (value: string, unit?: string) => (unit && unit.startsWith("month") ? Number(value) / 12 : Number(value));

export function ageBounds({ lower }: CriterionInput): Check | null {
  let m = new RegExp(`between ${N}${U} and ${N}${U}`).exec(lower) ?? new RegExp(`(?:aged?|ages)\\s*${N}\\s*(?:-|–|to|through)\\s*${N}${U}`).exec(lower);
  if (m) {
    const unit = m[4] ?? m[2] ?? m[3];
    return m.length > 4 ? { kind: "age", min: toYears(m[1], m[2] ?? m[4]), max: toYears(m[3], m[4]) } : { kind: "age", min: toYears(m[1], unit), max: toYears(m[2], unit) };
  }
  const check: Check & { kind: "age" } = { kind: "age" };
  if ((m = new RegExp(`(?:>=|at least|minimum (?:age )?of|aged?)\\s*${N}${U}`).exec(lower)) && !/\b(?:or|and) (?:younger|under|less)/.test(lower.slice(m.index))) check.min = toYears(m[1], m[2]);
  if ((m = new RegExp(`${N}${U}(?: of age| old)?,?\\s*(?:or|and) (?:older|over|above|greater)`).exec(lower))) check.min = toYears(m[1], m[2]);
  if ((m = new RegExp(`(?:older than|greater than|more than|over|>(?!=))\\s*${N}${U}`).exec(lower))) {
    check.min = toYears(m[1], m[2]);
    check.minExclusive = true;
  }
  if ((m = new RegExp(`(?:<=|no older than|not older than|up to|at most)\\s*${N}${U}`).exec(lower))) check.max = toYears(m[1], m[2]);
  if ((m = new RegExp(`${N}${U}(?: of age| old)?,?\\s*(?:or|and) (?:younger|under|less)`).exec(lower))) check.max = toYears(m[1], m[2]);
  if ((m = new RegExp(`(?:less than|younger than|under|below|<(?!=))\\s*${N}${U}`).exec(lower))) {
    check.max = toYears(m[1], m[2]);
    check.maxExclusive = true;
  }
  return check.min !== undefined || check.max !== undefined ? check : null;
}
