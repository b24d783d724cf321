// A lab value against a threshold: the most recent result of the analyte (names of one analyte through the lexicon:
// "HbA1c" ~ "A1c" ~ "hemoglobin A1c"), in the policy's unit when both state one; only a result dated inside the
// criterion's look-back counts, and a threshold that depends on the diagnosis is the one of the case's diagnosis.
import { daysBetween } from "@/lib/claims/claims-evidence";
import { cite, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { thresholdForDiagnosis } from "./lab-threshold-by-diagnosis";
import { readNamedScores } from "./named-score";
import { referenceRange } from "./reference-range";
import { sameAnalyte } from "@/lib/lexicon/labs";

const unitKey = (u: string | null | undefined) => (u ?? "").toLowerCase().replace(/\s+/g, "").replace("µ", "u").replace("²", "2");

const compare = (v: number, op: CheckOf<"lab_threshold">["comparator"], t: number) =>
  op === "<" ? v < t : op === "<=" ? v <= t : op === ">" ? v > t : op === ">=" ? v >= t : v === t;

const LIMIT_NAMES = { upper_limit_of_normal: "the upper limit of normal", lower_limit_of_normal: "the lower limit of normal" };

export function answerLab(policyCheck: CheckOf<"lab_threshold">, ctx: CaseContext, criterionText = ""): CheckAnswer {
  let check = policyCheck;
  let forDiagnosis = "";
  if (policyCheck.byDiagnosis?.length) {
    const chosen = thresholdForDiagnosis(policyCheck.byDiagnosis, ctx);
    if (!chosen.value) return chosen.answer;
    check = { ...policyCheck, value: chosen.value.value };
    forDiagnosis = ` (the threshold for ${chosen.value.because})`;
  }
  const within = check.withinDays;
  const window = within ? ` dated within ${within} days before ${ctx.asOf}` : "";
  const limitName = check.relativeTo ? `${check.value === 1 ? "" : `${check.value} × `}${LIMIT_NAMES[check.relativeTo]}` : "";
  const wanted = `${check.relativeTo ? `${check.analyte} ${check.comparator} ${limitName}` : `${check.analyte} ${check.comparator} ${check.value}${check.unit ? ` ${check.unit}` : ""}`}${forDiagnosis}${window}`;
  const all = (ctx.facts.labs ?? []).filter((l) => sameAnalyte(l.name, check.analyte));
  // A look-back counts only results whose date shows them inside it: an undated result proves no window.
  const labs = within ? all.filter((l) => l.date && daysBetween(l.date, ctx.asOf) >= 0 && daysBetween(l.date, ctx.asOf) <= within) : all;
  const latest = [...labs].sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))[0];
  if (!latest && all.length) {
    const last = [...all].sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))[0];
    const evidence = toStepEvidence(last.evidence);
    const lastText = `${last.name} ${last.value}${last.unit ? ` ${last.unit}` : ""}${last.date ? ` on ${last.date}` : " (undated)"}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}`;
    return { outcome: "missing", answer: `No ${check.analyte} result${window}; the latest is ${lastText}.`, reason: `The policy requires ${wanted}; no result in that window is documented.`, evidence, missingInformation: `${check.analyte} result${window}` };
  }
  if (!latest) {
    const written = scoreInDocuments(check, ctx, criterionText);
    if (written) return written;
    return { outcome: "missing", answer: `No ${check.analyte} result is in the case.`, reason: `The policy requires ${wanted}; no result is documented.`, evidence: [], missingInformation: `${check.analyte} result with its date and unit` };
  }
  const value = Number.parseFloat(latest.value.replace(/,/g, "").replace(/^[<>≤≥=]+/, ""));
  const evidence = toStepEvidence(latest.evidence);
  const stated = `${latest.name} ${latest.value}${latest.unit ? ` ${latest.unit}` : ""}${latest.date ? ` on ${latest.date}` : ""}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}`;
  if (Number.isNaN(value)) return { outcome: "missing", answer: `The result is not a number: ${stated}.`, reason: `A numeric ${check.analyte} result is needed to check ${wanted}.`, evidence, missingInformation: `Numeric ${check.analyte} result` };
  if (check.relativeTo) return answerAgainstRange(check, ctx, latest, value, { wanted, stated, evidence });
  if (check.unit && latest.unit && unitKey(check.unit) !== unitKey(latest.unit)) {
    return { outcome: "missing", answer: `The result is in another unit: ${stated}.`, reason: `The policy states ${wanted}; the result's unit (${latest.unit}) differs.`, evidence, missingInformation: `${check.analyte} result in ${check.unit}` };
  }
  const ok = compare(value, check.comparator, check.value);
  return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: ${stated}.`, reason: ok ? `The result meets ${wanted}.` : `The policy requires ${wanted}; the result is ${value}.`, evidence };
}

/** A value against the laboratory's own reference range (its limit times the policy's multiple), or its flag. */
function answerAgainstRange(
  check: CheckOf<"lab_threshold">,
  ctx: CaseContext,
  lab: NonNullable<CaseContext["facts"]["labs"]>[number],
  value: number,
  said: { wanted: string; stated: string; evidence: ReturnType<typeof toStepEvidence> },
): CheckAnswer {
  const range = referenceRange(lab, ctx.documents);
  const upper = check.relativeTo === "upper_limit_of_normal";
  const limit = upper ? range?.high : range?.low;
  if (range && limit !== undefined) {
    const ok = compare(value, check.comparator, limit * check.value);
    const evidence = [...said.evidence, range.evidence];
    const rangeText = `the laboratory's ${upper ? "upper" : "lower"} limit is ${limit} (${cite(ctx, [range.evidence])})`;
    return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: ${said.stated}; ${rangeText}.`, reason: ok ? `The result meets ${said.wanted}.` : `The policy requires ${said.wanted}; the result is ${value}, the limit ${limit}.`, evidence };
  }
  // Only a flag: it says above or below the range, which answers a plain "above the upper limit" (a multiple needs the limit).
  if (range?.flag && check.value === 1 && (check.comparator === ">" || check.comparator === "<")) {
    const ok = range.flag === (upper ? "high" : "low") && (check.comparator === ">") === upper;
    return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: ${said.stated}, flagged ${range.flag} by the laboratory (${cite(ctx, [range.evidence])}).`, reason: ok ? `The result meets ${said.wanted}.` : `The policy requires ${said.wanted}; the laboratory flags the result ${range.flag}.`, evidence: [...said.evidence, range.evidence] };
  }
  return { outcome: "missing", answer: `${said.stated}; the laboratory's reference range is not stated beside it.`, reason: `The policy requires ${said.wanted}; the reference range of the result is needed.`, evidence: said.evidence, missingInformation: `${check.analyte} result with the laboratory's reference range` };
}

/**
 * A questionnaire or scale score the documents state ("CNS-LS | 08/29/2025 | 21", "ACT score of 14"), which the intake
 * does not list as a lab: the measure's own values (named-score.ts), the baseline (earliest dated) when the criterion
 * asks for it, else the most recent. Two different values for that one reading go to a person with both shown.
 */
function scoreInDocuments(check: CheckOf<"lab_threshold">, ctx: CaseContext, criterionText: string): CheckAnswer | null {
  const name = check.analyte.replace(/\s+score$/i, "");
  if (!/\bscore\b/i.test(check.analyte) || check.relativeTo) return null;
  const scores = readNamedScores(ctx.documents, name, { referenceYear: Number(ctx.asOf.slice(0, 4)) });
  if (!scores.length) return null;
  const baseline = /\b(?:baseline|pre-?treatment|before (?:starting|treatment|therapy))\b/i.test(criterionText);
  const dated = scores.filter((s) => s.date).sort((a, b) => (a.date as string).localeCompare(b.date as string));
  const when = dated.length ? (baseline ? dated[0].date : dated[dated.length - 1].date) : null;
  // A look-back needs the score's date inside it.
  if (check.withinDays && (!when || daysBetween(when, ctx.asOf) < 0 || daysBetween(when, ctx.asOf) > check.withinDays)) return null;
  const reading = when ? dated.filter((s) => s.date === when) : scores;
  const values = [...new Set(reading.map((s) => s.value))];
  const which = `${baseline ? "baseline " : ""}${name}`;
  const withDate = (v: number | string) => `${which} ${v}${when ? ` on ${when}` : ""}`;
  const evidence = reading.slice(0, 3).map((s) => s.evidence);
  const wanted = `${check.analyte} ${check.comparator} ${check.value}`;
  if (values.length > 1) {
    return {
      outcome: "manual",
      answer: `The documents disagree on the ${which}${when ? ` of ${when}` : ""}: ${reading.map((s) => `${s.value} (${s.evidence.quote})`).join("; ")}.`,
      reason: `needs clinician review: the ${which}${when ? ` of ${when}` : ""} is written as ${listWords(values.map(String), "and")}`,
      evidence,
    };
  }
  const value = values[0];
  const ok = compare(value, check.comparator, check.value);
  const cited = `${withDate(value)} (${reading.map((s) => `“${s.evidence.quote}”`).slice(0, 2).join("; ")})`;
  return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: ${cited}.`, reason: ok ? `The score meets ${wanted}.` : `The policy requires ${wanted}; the ${which} is ${value}.`, evidence };
}
