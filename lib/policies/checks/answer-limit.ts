// Quantity, dose and duration limits against the medication request: quantity per days supply, the highest dose
// its directions state in the limit's unit, the days it covers.
// A quantity limit per period ("18 tabs every 28 days", "9 per 30 days supply", "daily dose of 1") is compared on
// the same period: the request's quantity over its days supply, scaled to the limit's period when it covers more;
// and within the period, the fills of the same drug already paid in the days before the request add to it (18
// dispensed 12 days ago + 18 requested > 18 per 28 days).
import { claimDrugName, daysBetween } from "@/lib/claims/claims-evidence";
import { sameDrug } from "@/lib/lexicon/same-drug";
import { comparableUnits } from "@/lib/claims/quantity-unit";
import type { CaseClaim } from "@/lib/claims/types";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import type { IntakeMedicationRequest } from "@/lib/intake/types";
import { cite, claimEvidence, claimWhere, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import type { StepEvidence } from "../types";
import { answerLifetimeLimit } from "./answer-lifetime-limit";

const unitKey = (u: string) => u.toLowerCase().replace(/\s+/g, "").replace("²", "2").replace(/s$/, "").replace("micrograms", "mcg").replace("microgram", "mcg");

function dosesIn(text: string, unit: string): number[] {
  const want = unitKey(unit);
  const out: number[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|units?|iu|g|ml)\b/gi)) if (unitKey(m[2]) === want) out.push(Number(m[1]));
  return out;
}

export function answerLimit(check: CheckOf<"quantity_limit" | "dose_limit" | "duration_limit">, ctx: CaseContext): CheckAnswer {
  if (check.kind === "duration_limit" && check.lifetime) return answerLifetimeLimit(check, ctx);
  const med = ctx.requested;
  const period = check.perDays ? ` per ${check.perDays} days` : "";
  const limit = `${check.value} ${check.unit}${period}`;
  if (!med) return { outcome: "missing", answer: "The case has no medication request.", reason: `The request is needed to compare with the limit of ${limit}.`, evidence: [], missingInformation: "Medication request with quantity, days supply and directions" };
  const evidence = toStepEvidence(med.evidence);
  const source = evidence.length ? ` (${cite(ctx, evidence)})` : "";
  if (check.kind === "quantity_limit") return answerQuantity(check, med, ctx, evidence, source);
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

const round = (n: number) => Math.round(n * 100) / 100;

/** Paid fills of the requested drug (by NDC, else by name) in the `days` before the request date. */
function fillsInPeriod(ctx: CaseContext, med: IntakeMedicationRequest, drug: string | undefined, days: number): CaseClaim[] {
  const ndc = med.ndc ? normalizeNdc(med.ndc) : null;
  const claims = ctx.claims as readonly CaseClaim[];
  return claims.filter((c) => {
    if (c.status !== "paid" || c.type !== "pharmacy") return false;
    const before = daysBetween(c.date, ctx.asOf);
    if (before < 0 || before >= days) return false;
    if (ndc && c.ndc && normalizeNdc(c.ndc) === ndc) return true;
    const name = claimDrugName(c, claims);
    return Boolean(name && (sameDrug(name, drug ?? med.name) || sameDrug(name, med.name)));
  });
}

type LimitCheck = CheckOf<"quantity_limit" | "dose_limit" | "duration_limit">;

function answerQuantity(check: LimitCheck, med: IntakeMedicationRequest, ctx: CaseContext, evidence: StepEvidence[], source: string): CheckAnswer {
  const period = check.perDays ? (check.perDays === 1 ? " per day" : ` per ${check.perDays} days`) : " per fill";
  const limit = `${check.value} ${check.unit}${period}`;
  if (med.quantity === null || med.quantity === undefined) {
    return {
      outcome: "missing",
      answer: `The request${source} states no quantity.`,
      reason: `The quantity${check.perDays ? " and days supply" : ""} requested ${check.perDays ? "are" : "is"} needed to compare with the limit of ${limit}.`,
      evidence,
      missingInformation: check.perDays ? `Quantity (${check.unit}) and days supply of the prescription` : `Quantity (${check.unit}) of the prescription`,
    };
  }
  const days = med.daysSupply ?? null;
  const stated = `${med.quantity}${med.quantityUnit ? ` ${med.quantityUnit}` : ""}${days ? ` for ${days} days` : ""}`;
  if (!comparableUnits(check.unit, med.quantityUnit)) {
    return {
      outcome: "missing",
      answer: `The request is ${stated}${source}, not in ${check.unit}.`,
      reason: `The limit of ${limit} counts ${check.unit}; the request's quantity is in ${med.quantityUnit ?? "no stated unit"}.`,
      evidence,
      missingInformation: `Quantity of the prescription in ${check.unit}`,
    };
  }
  if (!check.perDays) {
    const ok = med.quantity <= check.value + 1e-9;
    return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: the request is ${stated}${source}.`, reason: ok ? `Within the limit of ${limit}.` : `The policy limits it to ${limit}; the request is ${med.quantity}.`, evidence };
  }
  if (!days) {
    return { outcome: "missing", answer: `The request is ${stated}${source}, without a days supply.`, reason: `The days supply is needed to compare with ${limit}.`, evidence, missingInformation: "Days supply of the prescription" };
  }
  // The request on the limit's period: a supply longer than the period counts its share of it.
  const requested = days > check.perDays ? (med.quantity / days) * check.perDays : med.quantity;
  const earlier = fillsInPeriod(ctx, med, check.drug, check.perDays);
  const unknown = earlier.filter((c) => c.quantity === undefined);
  const dispensed = earlier.reduce((sum, c) => sum + (c.quantity ?? 0), 0);
  const total = requested + dispensed;
  const fillEvidence = earlier.slice(-3).map((c) => claimEvidence(c, ctx.asOf));
  const fillsText = earlier.length ? ` Already paid in the ${check.perDays} days before ${ctx.asOf}: ${earlier.map((c) => `${c.quantity ?? "?"} on ${c.date}, ${daysBetween(c.date, ctx.asOf)} days before (${claimWhere(c)})`).join("; ")}.` : "";
  const onPeriod = days === check.perDays ? "" : ` (${round(requested)}${period})`;
  if (total > check.value + 1e-9) {
    return {
      outcome: "not_met",
      answer: `No: the request is ${stated}${onPeriod}${source}.${fillsText}`,
      reason: `The policy limits it to ${limit}; ${dispensed ? `${round(dispensed)} already dispensed + ${round(requested)} requested = ${round(total)}` : `the request is ${round(requested)}${period}`}.`,
      evidence: [...evidence, ...fillEvidence],
    };
  }
  if (unknown.length) {
    return {
      outcome: "missing",
      answer: `Not confirmed: the request is ${stated}${onPeriod}${source}.${fillsText}`,
      reason: `The quantity of ${unknown.map((c) => `the fill of ${c.date} (${claimWhere(c)})`).join(", ")} in the ${check.perDays} days before the request is not stated; it counts toward ${limit}.`,
      evidence: [...evidence, ...fillEvidence],
      missingInformation: `Quantity dispensed on ${unknown.map((c) => c.date).join(", ")}`,
    };
  }
  return {
    outcome: "met",
    answer: `Yes: the request is ${stated}${onPeriod}${source}.${fillsText}`,
    reason: `Within the limit of ${limit}${dispensed ? ` (${round(dispensed)} already dispensed + ${round(requested)} requested = ${round(total)})` : ""}.`,
    evidence: [...evidence, ...fillEvidence],
  };
}
