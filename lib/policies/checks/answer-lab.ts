// A lab value against a threshold: the most recent result of the analyte (names folded: "HbA1c" ~ "A1c" ~
// "hemoglobin A1c"), in the policy's unit when both state one.
import { cite, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

const SYNONYMS: string[][] = [
  ["hba1c", "a1c", "hemoglobin a1c", "glycated hemoglobin", "glycosylated hemoglobin"],
  ["ldl", "ldl-c", "ldl c", "low-density lipoprotein", "ldl cholesterol"],
  ["hdl", "hdl-c", "high-density lipoprotein"],
  ["egfr", "gfr", "estimated glomerular filtration rate"],
  ["platelet", "platelets", "platelet count", "plt"],
  ["anc", "absolute neutrophil count", "neutrophils"],
  ["wbc", "white blood cell", "white blood cell count", "leukocytes"],
  ["hemoglobin", "hgb", "hb"],
  ["bmi", "body mass index"],
  ["alt", "sgpt", "alanine aminotransferase"],
  ["ast", "sgot", "aspartate aminotransferase"],
  ["ldh", "lactate dehydrogenase"],
  ["cd4", "cd4 count", "cd4+"],
  ["tsh", "thyroid stimulating hormone"],
  ["igf-1", "igf1", "insulin-like growth factor"],
];

const norm = (s: string) => s.toLowerCase().replace(/\([^)]*\)/g, " ").replace(/[^a-z0-9+-]+/g, " ").trim();

export function analyteMatches(labName: string, analyte: string): boolean {
  const a = norm(analyte);
  const l = norm(labName);
  if (!a || !l) return false;
  if (l === a || l.includes(a) || a.includes(l)) return true;
  const group = SYNONYMS.find((g) => g.some((s) => a === s || a.includes(s)));
  return Boolean(group?.some((s) => l === s || l.split(" ").includes(s) || l.includes(s)));
}

const unitKey = (u: string | null | undefined) => (u ?? "").toLowerCase().replace(/\s+/g, "").replace("µ", "u").replace("²", "2");

const compare = (v: number, op: CheckOf<"lab_threshold">["comparator"], t: number) =>
  op === "<" ? v < t : op === "<=" ? v <= t : op === ">" ? v > t : op === ">=" ? v >= t : v === t;

export function answerLab(check: CheckOf<"lab_threshold">, ctx: CaseContext): CheckAnswer {
  const wanted = `${check.analyte} ${check.comparator} ${check.value}${check.unit ? ` ${check.unit}` : ""}`;
  const labs = (ctx.facts.labs ?? []).filter((l) => analyteMatches(l.name, check.analyte));
  const latest = [...labs].sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))[0];
  if (!latest) {
    return { outcome: "missing", answer: `No ${check.analyte} result is in the case.`, reason: `The policy requires ${wanted}; no result is documented.`, evidence: [], missingInformation: `${check.analyte} result with its date and unit` };
  }
  const value = Number.parseFloat(latest.value.replace(/,/g, "").replace(/^[<>≤≥=]+/, ""));
  const evidence = toStepEvidence(latest.evidence);
  const stated = `${latest.name} ${latest.value}${latest.unit ? ` ${latest.unit}` : ""}${latest.date ? ` on ${latest.date}` : ""}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}`;
  if (Number.isNaN(value)) return { outcome: "missing", answer: `The result is not a number: ${stated}.`, reason: `A numeric ${check.analyte} result is needed to check ${wanted}.`, evidence, missingInformation: `Numeric ${check.analyte} result` };
  if (check.unit && latest.unit && unitKey(check.unit) !== unitKey(latest.unit)) {
    return { outcome: "missing", answer: `The result is in another unit: ${stated}.`, reason: `The policy states ${wanted}; the result's unit (${latest.unit}) differs.`, evidence, missingInformation: `${check.analyte} result in ${check.unit}` };
  }
  const ok = compare(value, check.comparator, check.value);
  return { outcome: ok ? "met" : "not_met", answer: `${ok ? "Yes" : "No"}: ${stated}.`, reason: ok ? `The result meets ${wanted}.` : `The policy requires ${wanted}; the result is ${value}.`, evidence };
}
