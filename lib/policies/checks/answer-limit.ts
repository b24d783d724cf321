// Quantity, dose and duration limits against the medication request: quantity per days supply, the highest dose
// its directions state in the limit's unit, the days it covers.
import { cite, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

const unitKey = (u: string) => u.toLowerCase().replace(/\s+/g, "").replace("²", "2").replace(/s$/, "").replace("micrograms", "mcg").replace("microgram", "mcg");

function dosesIn(text: string, unit: string): number[] {
  const want = unitKey(unit);
  const out: number[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|units?|iu|g|ml)\b/gi)) if (unitKey(m[2]) === want) out.push(Number(m[1]));
  return out;
}

export function answerLimit(check: CheckOf<"quantity_limit" | "dose_limit" | "duration_limit">, ctx: CaseContext): CheckAnswer {
  const med = ctx.requested;
  const period = check.perDays ? ` per ${check.perDays} days` : "";
  const limit = `${check.value} ${check.unit}${period}`;
  if (!med) return { outcome: "missing", answer: "The case has no medication request.", reason: `The request is needed to compare with the limit of ${limit}.`, evidence: [], missingInformation: "Medication request with quantity, days supply and directions" };
  const evidence = toStepEvidence(med.evidence);
  const source = evidence.length ? ` (${cite(ctx, evidence)})` : "";
  if (check.kind === "quantity_limit") {
    if (med.quantity === null || med.quantity === undefined) {
      return { outcome: "missing", answer: `The request${source} states no quantity.`, reason: `The quantity and days supply are needed to compare with the limit of ${limit}.`, evidence, missingInformation: "Quantity and days supply requested" };
    }
    const days = med.daysSupply ?? null;
    const perPeriod = check.perDays && days ? (med.quantity / days) * check.perDays : med.quantity;
    const ok = perPeriod <= check.value + 1e-9;
    const stated = `${med.quantity}${med.quantityUnit ? ` ${med.quantityUnit}` : ""}${days ? ` for ${days} days` : ""}`;
    if (check.perDays && !days) return { outcome: "missing", answer: `The request is ${stated}${source}, without a days supply.`, reason: `The days supply is needed to compare with ${limit}.`, evidence, missingInformation: "Days supply of the request" };
    return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: the request is ${stated}${source}.`, reason: ok ? `Within the limit of ${limit}.` : `The policy limits it to ${limit}; the request is ${Math.round(perPeriod * 100) / 100}${period}.`, evidence };
  }
  if (check.kind === "dose_limit") {
    const doses = [...(med.doseValue && med.doseUnit && unitKey(med.doseUnit) === unitKey(check.unit) ? [Number.parseFloat(med.doseValue)] : []), ...dosesIn(med.directions ?? "", check.unit)];
    if (!doses.length) return { outcome: "missing", answer: `The request${source} states no dose in ${check.unit}.`, reason: `The dose in ${check.unit} is needed to compare with the maximum of ${limit}.`, evidence, missingInformation: `Requested dose in ${check.unit}` };
    const highest = Math.max(...doses);
    const ok = highest <= check.value;
    return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: the highest requested dose is ${highest} ${check.unit}${source}.`, reason: ok ? `Within the maximum of ${limit}.` : `The policy's maximum is ${limit}; the request goes to ${highest} ${check.unit}.`, evidence };
  }
  const days = med.daysSupply ? med.daysSupply * (1 + (med.refills ?? 0)) : null;
  if (days === null) return { outcome: "missing", answer: `The request${source} states no days supply or duration.`, reason: `The treatment duration is needed to compare with ${limit}.`, evidence, missingInformation: "Requested duration (days supply and refills)" };
  const max = check.value * (/^week/.test(check.unit) ? 7 : /^month/.test(check.unit) ? 30 : /^year/.test(check.unit) ? 365 : 1);
  const ok = days <= max;
  return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: the request covers ${days} days${source}.`, reason: ok ? `Within ${limit}.` : `The policy limits treatment to ${limit}.`, evidence };
}
