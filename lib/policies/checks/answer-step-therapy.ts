// Step therapy: distinct prior drugs that satisfy the criterion (named drugs, or members of a class with the
// policy's own examples), from the notes and forms (intake prior treatments) and from paid claims; each trial long
// enough when the policy sets a duration. Denied or pending claims never count. A CLASS criterion counts distinct
// drugs of the class, never the requested drug.
import { className, findDrugEntry, findDrugMentions, genericName } from "@/lib/claims/drug-classes";
import { daysBetween, DEFAULT_DAYS_SUPPLY, drugMeetsRequirement, drugTrials, type TrialRequirement } from "@/lib/claims/claims-evidence";
import { inQuestion } from "@/lib/intake/text/find-prior-treatments";
import type { PriorTreatment } from "@/lib/intake/types";
import { hitEvidence, searchDocuments } from "../case-search";
import { documentName, listWords, plural, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import type { StepEvidence } from "../types";
import { escapeRegExp } from "@/lib/escape-reg-exp";

interface Trial {
  drug: string;
  key: string;
  outcome: PriorTreatment["outcome"] | "filled";
  durationDays: number | null;
  source: string;
  evidence: StepEvidence[];
}

const FAILED = new Set(["failed", "inadequate_response", "intolerant", "contraindicated"]);
const OUTCOME_WORDS: Record<Trial["outcome"], string> = {
  failed: "failed", inadequate_response: "inadequate response", intolerant: "intolerant", contraindicated: "contraindicated", ongoing: "ongoing", unknown: "outcome not stated", filled: "paid fills",
};
const TRIAL_CONTEXT = /\b(?:tried|trials?|failed|therapy|treated|taking|current(?:ly)?|regimen|cycles?|discontinued|stopped|intoleran\w*|despite|s\/p|received|receiving|adhering|medication:|on)\b/i;
const FUTURE = /\b(?:plan(?:ning|ned)? to|will (?:start|begin|initiate|add)|recommend\w*|consider\w*|initiat\w*|start(?:ing)? (?:on )?|to begin)\b[^.]*$/i;

const keyOf = (drug: string) => findDrugEntry(drug)?.generic ?? genericName(drug);

function durationOf(t: PriorTreatment, asOf: string): number | null {
  if (t.durationDays !== null && t.durationDays !== undefined) return t.durationDays;
  if (t.startDate && t.endDate) return daysBetween(t.startDate, t.endDate);
  if (t.startDate && t.outcome === "ongoing") return daysBetween(t.startDate, asOf);
  if (t.startDate && !t.endDate) return daysBetween(t.startDate, asOf);
  return null;
}

function trialsOf(ctx: CaseContext, req: TrialRequirement): { trials: Trial[]; notCounted: string[] } {
  const trials: Trial[] = [];
  for (const t of ctx.facts.priorTreatments ?? []) {
    if (!drugMeetsRequirement(t.drug, req)) continue;
    const evidence = toStepEvidence(t.evidence).slice(0, 1);
    trials.push({ drug: t.drug, key: keyOf(t.drug), outcome: t.outcome, durationDays: durationOf(t, ctx.asOf), source: evidence[0] ? `${documentName(ctx, evidence[0].documentId)} p. ${evidence[0].page}` : "the notes", evidence });
  }
  const { trials: filled, notCounted } = drugTrials(ctx.claims, req);
  for (const t of filled) {
    trials.push({
      drug: t.written,
      key: keyOf(t.written),
      outcome: "filled",
      durationDays: t.durationDays,
      source: `claims ${t.claimIds.join(", ")} (${t.firstFill}${t.fills > 1 ? ` to ${t.lastFill}` : ""}${t.daysSupplyAssumed ? `, ${DEFAULT_DAYS_SUPPLY}-day fills assumed` : ""})`,
      evidence: t.claimIds.slice(0, 3).map((id) => ({ claimId: id, quote: `${t.written} filled ${ctx.claims.find((c) => c.claim_id === id)?.date ?? ""} (paid)` })),
    });
  }
  return { trials, notCounted: notCounted.map((c) => `${c.claim_id} (${c.drug_name ?? c.ndc ?? "drug"}, ${c.status})`) };
}

/** Drugs of the requirement named in the documents in a treatment context, when the intake and claims fall short. */
function mentionedTrials(ctx: CaseContext, req: TrialRequirement, known: Set<string>): Trial[] {
  const out: Trial[] = [];
  for (const doc of ctx.documents) {
    for (const page of doc.pages ?? []) {
      for (const m of findDrugMentions(page.text ?? "")) {
        const key = m.entry.generic;
        if (known.has(key) || out.some((t) => t.key === key) || !drugMeetsRequirement(m.written, req)) continue;
        // A form's question naming drugs as examples ("failed a TKI (for example: dasatinib)?") states no trial.
        if (inQuestion(page.text, m.end)) continue;
        const hits = searchDocuments([{ ...doc, pages: [page] }], { pattern: new RegExp(`(?<![a-z])${escapeRegExp(m.written)}(?![a-z])`, "i") }).filter(
          (h) => !h.negated && h.start <= m.start && h.end >= m.end,
        );
        const hit = hits[0];
        if (!hit || !TRIAL_CONTEXT.test(hit.quote) || FUTURE.test(page.text.slice(hit.start, m.start))) continue;
        out.push({ drug: m.written, key, outcome: "unknown", durationDays: null, source: `${hit.documentName} p. ${hit.page}`, evidence: [hitEvidence(hit)] });
      }
    }
  }
  return out;
}

export function describeStepRequirement(check: CheckOf<"step_therapy">): string {
  const other = check.excludeRequested && check.drugClasses.length ? "other " : "";
  const classes = check.drugClasses.map((c) => `${other}${className(c)}${check.count === 1 ? "" : "s"}`);
  const drugs = check.drugs.length ? (check.count === 1 && check.drugs.length > 1 ? `one of ${listWords(check.drugs, "or")}` : listWords(check.drugs, "or")) : "";
  const what = [...classes, drugs].filter(Boolean).join(" or ") || `prior line${check.count === 1 ? "" : "s"} of therapy`;
  const duration = check.minDurationDays ? `, each for at least ${check.minDurationDays} days` : "";
  return `${check.count > 1 || check.drugClasses.length || !check.drugs.length ? `at least ${check.count} ` : ""}${what}${duration}`;
}

export function answerStepTherapy(check: CheckOf<"step_therapy">, ctx: CaseContext): CheckAnswer {
  const exclude = check.excludeRequested ? [...ctx.coveredDrugs, ...(ctx.requested ? [ctx.requested.name] : [])] : [];
  const req: TrialRequirement = { drugs: check.drugs, drugClasses: check.drugClasses, examples: check.examples, exclude };
  const { trials: sourced, notCounted } = trialsOf(ctx, req);
  const keys = new Set(sourced.map((t) => t.key));
  const mentioned = keys.size < check.count ? mentionedTrials(ctx, req, keys) : [];
  const all = [...sourced, ...mentioned];
  const failureRequired = !check.outcomes.includes("tried");
  const min = check.minDurationDays ?? 0;

  // One entry per drug: the best-documented trial of it.
  const byDrug = new Map<string, { trials: Trial[]; ok: boolean; unsure: string | null; short: boolean }>();
  for (const t of all) {
    const entry = byDrug.get(t.key) ?? { trials: [], ok: false, unsure: null, short: false };
    entry.trials.push(t);
    const outcomeOk = !failureRequired || FAILED.has(t.outcome);
    const durationOk = !min || (t.durationDays !== null && t.durationDays >= min);
    if (outcomeOk && durationOk) entry.ok = true;
    else if (!durationOk && t.durationDays !== null) entry.short = true;
    else entry.unsure = !outcomeOk ? "the outcome (failure or intolerance)" : "the trial's duration";
    byDrug.set(t.key, entry);
  }
  const qualifying = [...byDrug.values()].filter((e) => e.ok);
  const unsure = [...byDrug.values()].filter((e) => !e.ok && e.unsure);
  const short = [...byDrug.values()].filter((e) => !e.ok && !e.unsure && e.short);
  const describe = (e: { trials: Trial[] }) => {
    const t = e.trials[0];
    return `${t.drug} (${OUTCOME_WORDS[t.outcome]}${t.durationDays !== null ? `, ${t.durationDays} days` : ""}; ${e.trials.map((x) => x.source).join("; ")})`;
  };
  const requirement = describeStepRequirement(check);
  const evidence = [...qualifying, ...unsure, ...short].flatMap((e) => e.trials.flatMap((t) => t.evidence)).slice(0, 8);
  const skipped = notCounted.length ? ` Not counted: ${notCounted.join(", ")} (denied or pending claims are not trials).` : "";

  if (qualifying.length >= check.count) {
    return { outcome: "met", answer: `Yes: ${plural(qualifying.length, "qualifying drug")}: ${qualifying.map(describe).join("; ")}.${skipped}`, reason: `The policy requires ${requirement}; the case shows ${qualifying.length}.`, evidence };
  }
  const found = [...qualifying, ...unsure, ...short];
  const needed = check.count - qualifying.length;
  if (qualifying.length + unsure.length >= check.count) {
    const what = [...new Set(unsure.map((e) => e.unsure))].join(" and ");
    return {
      outcome: "missing",
      answer: `Not confirmed: ${found.map(describe).join("; ")}.${skipped}`,
      reason: `The policy requires ${requirement}; ${what} of ${listWords(unsure.map((e) => e.trials[0].drug))} is not documented.`,
      evidence,
      missingInformation: `Documentation of ${what} for ${listWords(unsure.map((e) => e.trials[0].drug))}`,
    };
  }
  const anyHistory = found.length > 0 || (ctx.facts.priorTreatments ?? []).length > 0 || ctx.claims.length > 0;
  const shortText = short.length ? ` Shorter than ${min} days: ${short.map(describe).join("; ")}.` : "";
  if (!anyHistory) {
    return {
      outcome: "missing",
      answer: `The case documents no prior treatment.${skipped}`,
      reason: `The policy requires ${requirement}; no trial is documented in the notes, forms or claims.`,
      evidence: [],
      missingInformation: `Treatment history: ${requirement} (drug, dates, outcome), or claims showing the fills`,
    };
  }
  return {
    outcome: "not_met",
    answer: `No: ${found.length ? `only ${found.length === 1 ? "one" : found.length} qualifying ${found.length === 1 ? "drug is" : "drugs are"} documented: ${found.map(describe).join("; ")}` : "no qualifying drug is documented"}.${shortText}${skipped}`,
    reason: `The policy requires ${requirement}; the case shows ${qualifying.length}. ${plural(needed, "more trial")} would be needed.`,
    evidence,
    missingInformation: `Records of ${plural(needed, "more trial")} of ${requirement.replace(/^at least \d+ /, "")} (drug, dates, outcome)`,
  };
}
