// A lifetime limit ("total treatment with parathyroid hormone analogs ... may not exceed 24 months"): every course
// counts, not only the request. Days are the union of the periods paid fills cover (date + days supply) and the
// dated courses the notes and forms state, so an overlap is counted once; the request adds its days supply. Proof of
// "within the limit" needs every earlier course dated: a fill without days supply or a course without dates is a
// request for them, never met. Months are 30 days, as every limit of the engine counts them.
import { claimDrugName, daysBetween } from "@/lib/claims/claims-evidence";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { CaseClaim } from "@/lib/claims/types";
import { cite, claimEvidence, claimWhere, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import type { StepEvidence } from "../types";

const DAY = 86_400_000;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Days covered by periods [start, end) once each. */
export function coveredDays(periods: readonly { start: string; end: string }[]): number {
  const sorted = periods.filter((p) => p.end > p.start).sort((a, b) => a.start.localeCompare(b.start));
  let total = 0;
  let open = null as { start: string; end: string } | null;
  for (const p of sorted) {
    if (open && p.start <= open.end) open = { start: open.start, end: p.end > open.end ? p.end : open.end };
    else {
      if (open) total += daysBetween(open.start, open.end);
      open = { ...p };
    }
  }
  return open ? total + daysBetween(open.start, open.end) : total;
}

/** A month written without its day ("2019-05") starts on the 1st; an end month ends on its last day. */
const dayOf = (date: string, end: boolean) => (/^\d{4}-\d{2}$/.test(date) ? (end ? addDays(`${addMonth(date)}-01`, -1) : `${date}-01`) : date);
const addMonth = (ym: string) => {
  const [y, m] = ym.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};

export function answerLifetimeLimit(check: CheckOf<"quantity_limit" | "dose_limit" | "duration_limit">, ctx: CaseContext): CheckAnswer {
  const med = ctx.requested;
  const maxDays = check.value * (UNIT_DAYS[check.unit.replace(/s$/, "")] ?? 1);
  const limit = `${check.value} ${check.unit}${check.value === 1 ? "" : "s"} of total treatment`;
  const drugs = [...(check.drugs ?? []), ...(med ? [med.name] : [])];
  const counts = (name: string | null | undefined) => Boolean(name && drugs.some((d) => sameDrug(name, d)));
  const which = listWords(check.drugs?.length ? check.drugs : [med?.name ?? "the requested drug"], "and");

  const claims = ctx.claims as readonly CaseClaim[];
  const fills = claims.filter((c) => c.status === "paid" && daysBetween(c.date, ctx.asOf) >= 0 && counts(claimDrugName(c, claims)));
  const undatedSupply = fills.filter((c) => !c.days_supply);
  const periods = fills.filter((c) => c.days_supply).map((c) => ({ start: c.date, end: addDays(c.date, c.days_supply as number) }));
  const courses = (ctx.facts.priorTreatments ?? []).filter((t) => counts(t.drug));
  const undatedCourses = courses.filter((t) => !t.startDate || (!t.endDate && t.outcome !== "ongoing"));
  for (const t of courses) if (t.startDate && (t.endDate || t.outcome === "ongoing")) periods.push({ start: dayOf(t.startDate, false), end: t.endDate ? addDays(dayOf(t.endDate, true), 1) : ctx.asOf });
  const before = coveredDays(periods);
  // A course the notes give only as a length still counts at least that long.
  const stated = Math.max(before, ...undatedCourses.map((t) => t.durationDays ?? 0));

  const lastFill = [...fills].sort((a, b) => b.date.localeCompare(a.date))[0];
  const evidence: StepEvidence[] = [...(lastFill ? [claimEvidence(lastFill, ctx.asOf)] : []), ...courses.flatMap((t) => toStepEvidence(t.evidence)).slice(0, 3)];
  const sources = [
    fills.length ? `${fills.length} paid fill${fills.length === 1 ? "" : "s"} ${fills.map((c) => c.date).sort()[0]} to ${fills.map((c) => c.date).sort().at(-1)} (${claimWhere(fills[0])})` : "",
    ...courses.map((t) => `${t.drug} ${t.startDate ?? "?"} to ${t.endDate ?? (t.outcome === "ongoing" ? "now" : "?")}${t.evidence.length ? ` (${cite(ctx, toStepEvidence(t.evidence))})` : ""}`),
  ].filter(Boolean);
  const history = sources.length ? `${stated} days of ${which} before ${ctx.asOf}: ${sources.join("; ")}` : `no earlier ${which} in ${claims.length} claim records or the documented treatments`;
  const requested = med?.daysSupply ? med.daysSupply * (1 + (med.refills ?? 0)) : null;
  const source = med ? toStepEvidence(med.evidence) : [];

  if (stated >= maxDays || (requested !== null && stated + requested > maxDays)) {
    return {
      outcome: "not_met",
      answer: `No: ${history}${requested !== null ? `; the request adds ${requested} days` : ""}.`,
      reason: `The policy limits ${which} to ${limit} (${maxDays} days); ${stated >= maxDays ? `${stated} days are already used` : `${stated} + ${requested} days exceed it`}.`,
      evidence,
    };
  }
  if (undatedSupply.length || undatedCourses.length) {
    const what = [...undatedSupply.map((c) => `the fill of ${c.date} states no days supply`), ...undatedCourses.map((t) => `the ${t.drug} course is not dated`)];
    return { outcome: "missing", answer: `${history}; ${what.join("; ")}.`, reason: `Every earlier course must be dated to count ${limit}.`, evidence, missingInformation: `Dates and days supply of every earlier ${which} course` };
  }
  if (requested === null) {
    return { outcome: "missing", answer: `${history}; the request states no days supply.`, reason: `The requested duration is needed to compare ${stated} days already used with ${limit}.`, evidence: [...evidence, ...source], missingInformation: "Requested duration (days supply and refills)" };
  }
  return {
    outcome: "met",
    answer: `Yes: ${history}; with the ${requested} days requested${source.length ? ` (${cite(ctx, source)})` : ""}, ${stated + requested} days.`,
    reason: `Within ${limit} (${maxDays} days).`,
    evidence: [...evidence, ...source],
  };
}
