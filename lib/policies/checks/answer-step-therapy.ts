// Step therapy: distinct prior drugs that satisfy the criterion (named drugs, or members of a class with the
// policy's own examples), from the notes and forms (intake prior treatments) and from paid claims (the supporting
// information's records and claims tables printed in the case's documents); each trial long enough when the policy
// sets a duration, recent enough under a look-back ("within the last 90 days": the latest fill or course lies within
// N days before the request), each fill long enough under a supply length ("a paid claim for a 30-day supply").
// Denied or pending claims never count. A CLASS criterion counts distinct drugs of the class, never the requested
// drug. A criterion that names no drug and no class ("second-line therapy") never counts arbitrary drugs: claims
// carry no indication, so only treatments the notes state for the case's disease count; otherwise a clinician judges.
import { className, DRUG_CLASS_ALIASES, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry, findDrugMentions, genericName } from "@/lib/lexicon/drugs";
import { sameDrug } from "@/lib/lexicon/same-drug";
import { classesOf, namesPattern } from "@/lib/lexicon/drug-classes";
import { claimDrugName, daysBetween, DEFAULT_DAYS_SUPPLY, drugMeetsRequirement, drugTrials, fillsInWindow, type ExcludedFill, type TrialRequirement } from "@/lib/claims/claims-evidence";
import type { CaseClaim } from "@/lib/claims/types";
import { inQuestion } from "@/lib/intake/text/find-prior-treatments";
import type { PriorTreatment } from "@/lib/intake/types";
import { hitEvidence, searchDocuments } from "../case-search";
import { claimEvidence, claimWhere, documentName, listWords, plural, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import type { StepEvidence } from "../types";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { contextOf } from "@/lib/lexicon/context";
import { diseaseWords } from "./disease-context";
import CUES from "./data/disease-therapy-cues.json";
import NEVER_TRIED from "./data/never-tried-cues.json";

interface Trial {
  drug: string;
  key: string;
  outcome: PriorTreatment["outcome"] | "filled";
  durationDays: number | null;
  /** The latest date the trial is known to have gone on (last fill, end date, or the request date when ongoing). */
  lastDate: string | null;
  /** When a course from the notes began, if stated. */
  startDate?: string | null;
  source: string;
  evidence: StepEvidence[];
}

const FAILED = new Set(["failed", "inadequate_response", "intolerant", "contraindicated"]);
const OUTCOME_WORDS: Record<Trial["outcome"], string> = {
  failed: "failed", inadequate_response: "inadequate response", intolerant: "intolerant", contraindicated: "contraindicated", ongoing: "ongoing", unknown: "outcome not stated", filled: "paid fills",
};
const TRIAL_CONTEXT = /\b(?:tried|trials?|failed|therapy|treated|taking|current(?:ly)?|regimen|cycles?|discontinued|stopped|intoleran\w*|despite|s\/p|received|receiving|adhering|medication:|on)\b/i;

/** Lines before a treatment's mention that still speak of it (a regimen's heading, the sentence it continues). */
const CONTEXT_LINES_BEFORE = 6;

/** The words that tie a treatment to the case's disease: its diagnosis words and its disease group's cues. */
function diseaseCues(ctx: CaseContext): string[] {
  const dx = ctx.facts.diagnoses ?? [];
  const codes = dx.flatMap((d) => d.icd10);
  const names = dx.map((d) => (d.name ?? "").toLowerCase());
  const groups = CUES.groups.filter((g) => codes.some((c) => g.icd10.some((p) => c.toUpperCase().startsWith(p))) || names.some((n) => g.nameWords.some((w) => new RegExp(`\\b${w}\\b`).test(n))));
  return [...diseaseWords("", dx.map((d) => d.name)), ...groups.flatMap((g) => g.cues)];
}

/** The text around a piece of evidence on its page (its line and the few before it), or its quote. */
function evidenceContext(ctx: CaseContext, e: { documentId: string; page: number | null; start: number; quote: string }): string {
  const page = ctx.documents.find((d) => d.id === e.documentId)?.pages.find((p) => p.page === e.page);
  if (!page) return e.quote;
  const lines = page.text.split("\n");
  let offset = 0;
  const at = lines.findIndex((l) => (offset += l.length + 1) > e.start);
  const index = at < 0 ? lines.length - 1 : at;
  return lines.slice(Math.max(0, index - CONTEXT_LINES_BEFORE), index + 2).join("\n");
}

const keyOf = (drug: string) => findDrugEntry(drug)?.generic ?? genericName(drug);

function durationOf(t: PriorTreatment, asOf: string): number | null {
  if (t.durationDays !== null && t.durationDays !== undefined) return t.durationDays;
  if (t.startDate && t.endDate) return daysBetween(t.startDate, t.endDate);
  if (t.startDate && t.outcome === "ongoing") return daysBetween(t.startDate, asOf);
  if (t.startDate && !t.endDate) return daysBetween(t.startDate, asOf);
  return null;
}


function trialsOf(ctx: CaseContext, req: TrialRequirement, check: CheckOf<"step_therapy">, diseaseOnly: string[] | null): { trials: Trial[]; notCounted: string[]; excluded: ExcludedFill<CaseClaim>[] } {
  const trials: Trial[] = [];
  for (const t of ctx.facts.priorTreatments ?? []) {
    if (!drugMeetsRequirement(t.drug, { ...req, anyDrug: diseaseOnly !== null })) continue;
    // A criterion naming no drug: a treatment counts only where the notes state it for the case's disease.
    if (diseaseOnly && !t.evidence.some((e) => diseaseOnly.some((w) => new RegExp(`\\b${escapeRegExp(w)}`, "i").test(evidenceContext(ctx, e))))) continue;
    const evidence = toStepEvidence(t.evidence).slice(0, 1);
    // "Ongoing" counts as today only for a dated course; an undated mention says nothing of when.
    const lastDate = t.endDate ?? (t.outcome === "ongoing" && t.startDate ? ctx.asOf : null);
    trials.push({ drug: t.drug, key: keyOf(t.drug), outcome: t.outcome, durationDays: durationOf(t, ctx.asOf), lastDate, startDate: t.startDate, source: evidence[0] ? `${documentName(ctx, evidence[0].documentId)} p. ${evidence[0].page}` : "the notes", evidence });
  }
  // Claims carry no indication: with no drug or class named they prove nothing.
  if (diseaseOnly) return { trials, notCounted: [], excluded: [] };
  const claims = ctx.claims as readonly CaseClaim[];
  const { counted, excluded } = fillsInWindow(claims, req, { asOf: ctx.asOf, withinDays: check.withinDays, minSupplyDays: check.minSupplyDays });
  const { trials: filled, notCounted } = drugTrials(counted, req);
  for (const t of filled) {
    const fills = t.claimIds.map((id) => counted.find((c) => c.claim_id === id)).filter((c): c is CaseClaim => Boolean(c));
    const latest = fills[fills.length - 1];
    trials.push({
      drug: t.written,
      key: keyOf(t.written),
      outcome: "filled",
      durationDays: t.durationDays,
      lastDate: t.lastFill,
      source: `${latest ? claimWhere(latest) : "claims"}: ${t.fills === 1 ? "fill" : `${t.fills} fills`} ${t.firstFill}${t.fills > 1 ? ` to ${t.lastFill}` : ""}, last ${daysBetween(t.lastFill, ctx.asOf)} days before ${ctx.asOf}${t.daysSupplyAssumed ? `, ${DEFAULT_DAYS_SUPPLY}-day fills assumed` : ""}`,
      // The latest fill first: it is what a look-back is judged on.
      evidence: [...fills].reverse().slice(0, 3).map((c) => claimEvidence(c, ctx.asOf)),
    });
  }
  return { trials, notCounted: notCounted.map((c) => `${c.claim_id} (${c.drug_name ?? c.ndc ?? "drug"}, ${c.status})`), excluded };
}

/** "no metformin fill within 90 days before 2025-11-04; last fill 2025-04-22, 196 days before (claims.pdf p. 1)" */
function excludedParts(check: CheckOf<"step_therapy">, excluded: readonly ExcludedFill<CaseClaim>[], ctx: CaseContext): string[] {
  const what = drugsWanted(check);
  const parts: string[] = [];
  const old = excluded.filter((e) => e.why === "outside_window").sort((a, b) => a.daysBefore - b.daysBefore);
  if (old.length) {
    const last = old[0];
    parts.push(`no ${what} fill within ${check.withinDays} days before ${ctx.asOf}; last fill ${last.claim.date}, ${last.daysBefore} days before (${claimWhere(last.claim)}: ${claimDrugName(last.claim, ctx.claims) ?? "drug"})`);
  }
  const short = excluded.filter((e) => e.why === "short_supply");
  if (short.length) parts.push(`fills shorter than a ${check.minSupplyDays}-day supply: ${short.map((e) => `${e.claim.date} ${e.claim.days_supply} days (${claimWhere(e.claim)})`).join(", ")}`);
  const unknown = excluded.filter((e) => e.why === "supply_unknown");
  if (unknown.length) parts.push(`fills without a stated days supply: ${unknown.map((e) => `${e.claim.date} (${claimWhere(e.claim)})`).join(", ")}`);
  const after = excluded.filter((e) => e.why === "after_request");
  if (after.length) parts.push(`fills after the request date: ${after.map((e) => `${e.claim.date} (${claimWhere(e.claim)})`).join(", ")}`);
  return parts;
}

function excludedText(check: CheckOf<"step_therapy">, excluded: readonly ExcludedFill<CaseClaim>[], ctx: CaseContext): string {
  const parts = excludedParts(check, excluded, ctx);
  return parts.length ? ` Not counted: ${parts.join("; ")}.` : "";
}

/** The drugs or classes a criterion asks for, without count or window: "metformin", "antiseizure drugs or clobazam". */
function drugsWanted(check: CheckOf<"step_therapy">): string {
  return [...check.drugClasses.map((c) => `${className(c)}`), listWords(check.drugs, "or")].filter(Boolean).join(" or ") || "prior therapy";
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
        const hit = searchDocuments([{ ...doc, pages: [page] }], { pattern: new RegExp(`(?<![a-z])${escapeRegExp(m.written)}(?![a-z])`, "i") }).find((h) => h.start <= m.start && h.end >= m.end);
        // A form's check box question names the drug it asks about: an attestation, not a trial.
        if (!hit || hit.attestation || !TRIAL_CONTEXT.test(hit.quote)) continue;
        // Not tried ("has not tried X") or only planned ("plan to start X"): the one context engine says, of this mention.
        const status = contextOf(page.text.slice(hit.start, hit.end), m.start - hit.start, m.end - hit.start);
        if (status.some((c) => c === "negated" || c === "planned" || c === "hypothetical")) continue;
        // "Considered but not started", "prescribed but never started", "declined": a mention, not a course taken.
        if (NOT_TAKEN.test(hit.quote)) continue;
        out.push({ drug: m.written, key, outcome: "unknown", durationDays: null, lastDate: null, source: `${hit.documentName} p. ${hit.page}`, evidence: [hitEvidence(hit)] });
      }
    }
  }
  return out;
}

const wordsPattern = (words: string[]) => new RegExp(`(?<![a-z])(?:${words.map(escapeRegExp).join("|")})(?![a-z])`, "i");
const TAKING = wordsPattern(NEVER_TRIED.taking);
const TRIAL_OUTCOME = wordsPattern(NEVER_TRIED.outcome);
const HEDGE = wordsPattern(NEVER_TRIED.hedges);
/** Only considered, offered, declined or never begun: no trial (data: never-tried-cues.json notTaken). */
const NOT_TAKEN = wordsPattern(NEVER_TRIED.notTaken);

/**
 * Sentences that name a required drug or class as never taken (negated, not hedged, about taking it and about no
 * outcome of taking it: "did not tolerate X" is a trial), for a case with no trial on record.
 */
function statedNeverTried(ctx: CaseContext, check: CheckOf<"step_therapy">) {
  const names = [...check.drugs, ...check.drugClasses.flatMap((c) => DRUG_CLASS_ALIASES[c] ?? [className(c)])].filter((n) => n.trim().length >= 3);
  if (!names.length) return [];
  return searchDocuments(ctx.documents, { pattern: namesPattern(names) }).filter((hit) => hit.negated && !hit.hedged && TAKING.test(hit.quote) && !TRIAL_OUTCOME.test(hit.quote) && !HEDGE.test(hit.quote));
}

export function describeStepRequirement(check: CheckOf<"step_therapy">): string {
  const other = check.excludeRequested && check.drugClasses.length ? "other " : "";
  const classes = check.drugClasses.map((c) => `${other}${className(c)}${check.count === 1 ? "" : "s"}`);
  const drugs = check.drugs.length ? (check.count === 1 && check.drugs.length > 1 ? `one of ${listWords(check.drugs, "or")}` : listWords(check.drugs, "or")) : "";
  const what = [...classes, drugs].filter(Boolean).join(" or ") || `prior line${check.count === 1 ? "" : "s"} of therapy`;
  const duration = check.minDurationDays ? `, each for at least ${check.minDurationDays} days` : "";
  const supply = check.minSupplyDays ? `, a fill of at least a ${check.minSupplyDays}-day supply` : "";
  const window = check.withinDays !== undefined ? ` within the last ${check.withinDays} days` : "";
  return `${check.count > 1 || check.drugClasses.length || !check.drugs.length ? `at least ${check.count} ` : ""}${what}${duration}${supply}${window}`;
}

/** "Preferred agents", "formulary alternatives": in a drug class's section, the other drugs of the requested drug's class. */
const PREFERRED = /\b(?:preferred|formulary)\s+(?:[\w-]+\s+){0,2}?(?:agents?|products?|drugs?|medications?|alternatives?)\b/i;

/** A criterion naming no drug or class but the preferred agents: the classes of the drug the section covers. */
function preferredClassCheck(check: CheckOf<"step_therapy">, ctx: CaseContext, criterionText: string): CheckOf<"step_therapy"> {
  if (check.drugs.length || check.drugClasses.length || (check.examples ?? []).length || !PREFERRED.test(criterionText)) return check;
  const own = [...(ctx.requested ? [ctx.requested.name] : []), ...ctx.coveredDrugs];
  const classes = [...new Set(own.flatMap(classesOf))];
  return classes.length ? { ...check, drugClasses: classes, excludeRequested: true } : check;
}

export function answerStepTherapy(given: CheckOf<"step_therapy">, ctx: CaseContext, criterionText = ""): CheckAnswer {
  const check = preferredClassCheck(given, ctx, criterionText);
  // "Other" drugs than the requested one; a drug the criterion names itself always counts.
  // A section covering several products (AZSTARYS, MYDAYIS) excludes only the one requested: the others' generics
  // are often the preferred agents' (Adderall XR is amphetamine as MYDAYIS is). With no request known, all of them.
  const own = ctx.requested ? [ctx.requested.name] : ctx.coveredDrugs;
  const exclude = (check.excludeRequested ? own : []).filter((x) => !check.drugs.some((d) => sameDrug(d, x)));
  const req: TrialRequirement = { drugs: check.drugs, drugClasses: check.drugClasses, examples: check.examples, exclude };
  const namesNothing = !check.drugs.length && !check.drugClasses.length && !(check.examples ?? []).length;
  const disease = namesNothing ? diseaseCues(ctx) : null;
  const { trials: sourced, notCounted, excluded } = trialsOf(ctx, req, check, disease);
  const keys = new Set(sourced.map((t) => t.key));
  const mentioned = keys.size < check.count && !namesNothing ? mentionedTrials(ctx, req, keys) : [];
  const all = [...sourced, ...mentioned];
  const failureRequired = !check.outcomes.includes("tried");
  // "A contraindication to statins", "intolerance to two statins": only that outcome proves it; a failure of any kind
  // ("trial and failure") may be an inadequate response, an intolerance or a contraindication.
  const outcomeProves = (o: Trial["outcome"]) =>
    !failureRequired || (check.outcomes.includes("failed") ? FAILED.has(o) : check.outcomes.some((wanted) => wanted === o));
  const min = check.minDurationDays ?? 0;
  const within = check.withinDays;

  // One entry per drug: the best-documented trial of it.
  const byDrug = new Map<string, { trials: Trial[]; ok: boolean; unsure: string | null; short: boolean; stale: boolean }>();
  for (const t of all) {
    const entry = byDrug.get(t.key) ?? { trials: [], ok: false, unsure: null, short: false, stale: false };
    entry.trials.push(t);
    const outcomeOk = outcomeProves(t.outcome);
    const durationOk = !min || (t.durationDays !== null && t.durationDays >= min);
    const age = t.lastDate ? daysBetween(t.lastDate, ctx.asOf) : null;
    // A course with no end date whose start lies within the look-back went on within it ("07/14/2025 - present").
    const startAge = t.lastDate === null && t.startDate ? daysBetween(t.startDate, ctx.asOf) : null;
    const recentOk = within === undefined || (age !== null && age >= 0 && age <= within) || (startAge !== null && startAge >= 0 && startAge <= within);
    if (outcomeOk && durationOk && recentOk) entry.ok = true;
    else if (!durationOk && t.durationDays !== null) entry.short = true;
    else if (!recentOk && age !== null) entry.stale = true;
    else entry.unsure = !outcomeOk ? "the outcome (failure or intolerance)" : !durationOk ? "the trial's duration" : `the date of the trial (within ${within} days before ${ctx.asOf})`;
    byDrug.set(t.key, entry);
  }
  // Under a look-back, a statement without a date does not outweigh dated fills of the same drug outside the window.
  if (within !== undefined) {
    const oldKeys = new Set(excluded.filter((e) => e.why === "outside_window").map((e) => keyOf(claimDrugName(e.claim, ctx.claims) ?? "")));
    for (const [key, entry] of byDrug) if (!entry.ok && entry.unsure?.startsWith("the date") && oldKeys.has(key)) Object.assign(entry, { unsure: null, stale: true });
  }
  const entries = [...byDrug.values()];
  const qualifying = entries.filter((e) => e.ok);
  const unsure = entries.filter((e) => !e.ok && e.unsure);
  const short = entries.filter((e) => !e.ok && !e.unsure && e.short);
  const stale = entries.filter((e) => !e.ok && !e.unsure && !e.short && e.stale);
  const describe = (e: { trials: Trial[] }) => {
    const t = e.trials[0];
    return `${t.drug} (${OUTCOME_WORDS[t.outcome]}${t.durationDays !== null && t.outcome !== "filled" ? `, ${t.durationDays} days` : ""}; ${e.trials.map((x) => x.source).join("; ")})`;
  };
  const requirement = describeStepRequirement(check);
  const trialEvidence = [...qualifying, ...unsure, ...short, ...stale].flatMap((e) => e.trials.flatMap((t) => t.evidence)).slice(0, 8);
  // With no trial to show, the fills that fell outside the window or supply are what the answer rests on.
  const evidence = trialEvidence.length ? trialEvidence : excluded.slice(-3).reverse().map((e) => claimEvidence(e.claim, ctx.asOf));
  const skipped = `${notCounted.length ? ` Not counted: ${notCounted.join(", ")} (denied or pending claims are not trials).` : ""}${excludedText(check, excluded, ctx)}`;

  // One of each class ("one methylphenidate-based and one amphetamine-based"): a class no qualifying trial is of is
  // still wanted, however many trials of the other class there are.
  const inClass = (e: { trials: Trial[] }, c: string) => e.trials.some((t) => isInClass(t.drug, c));
  const classesLacking = check.eachClass ? check.drugClasses.filter((c) => !qualifying.some((e) => inClass(e, c))) : [];
  if (classesLacking.length) {
    const lacking = listWords(classesLacking.map(className), "and");
    const open = unsure.filter((e) => classesLacking.some((c) => inClass(e, c)));
    const shown = qualifying.length ? ` Qualifying: ${qualifying.map(describe).join("; ")}.` : "";
    if (open.length) {
      return {
        outcome: "missing",
        answer: `Not confirmed: ${open.map(describe).join("; ")}.${shown}${skipped}`,
        reason: `The policy requires ${requirement}, one of each; for ${lacking} ${[...new Set(open.map((e) => e.unsure))].join(" and ")} is not documented.`,
        evidence,
        missingInformation: `Documentation of the ${lacking} trial (drug, dates, outcome)`,
      };
    }
    return {
      outcome: "not_met",
      answer: `No: no qualifying trial of ${lacking}.${shown}${skipped}`,
      reason: `The policy requires ${requirement}, one of each; the case shows none of ${lacking}.`,
      evidence,
      missingInformation: `Records of a trial of ${lacking} (drug, dates, outcome)`,
    };
  }
  if (qualifying.length >= check.count) {
    return { outcome: "met", answer: `Yes: ${plural(qualifying.length, "qualifying drug")}: ${qualifying.map(describe).join("; ")}.${skipped}`, reason: `The policy requires ${requirement}; the case shows ${qualifying.length}.`, evidence };
  }
  const found = [...qualifying, ...unsure, ...short, ...stale];
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
  const supplyUnknown = excluded.filter((e) => e.why === "supply_unknown");
  if (supplyUnknown.length && qualifying.length + new Set(supplyUnknown.map((e) => keyOf(claimDrugName(e.claim, ctx.claims) ?? ""))).size >= check.count) {
    return {
      outcome: "missing",
      answer: `Not confirmed: ${plural(supplyUnknown.length, "paid fill")} of ${drugsWanted(check)} without a stated days supply.${skipped}`,
      reason: `The policy requires ${requirement}; the days supply of ${supplyUnknown.map((e) => `${e.claim.date} (${claimWhere(e.claim)})`).join(", ")} is not stated.`,
      evidence,
      missingInformation: `Days supply of the ${drugsWanted(check)} fills (claims with days supply)`,
    };
  }
  if (namesNothing) {
    // Nothing the notes tie to the disease: whether the case's other treatments were lines of therapy for it is a
    // clinician's call (claims name no indication), or the history is missing altogether.
    const others = (ctx.facts.priorTreatments ?? []).map((t) => t.drug);
    const dx = listWords((ctx.facts.diagnoses ?? []).map((d) => d.name ?? d.icd10.join(", ")).filter(Boolean)) || "the case's disease";
    if (others.length || ctx.claims.length) {
      return {
        outcome: "manual",
        answer: `The criterion names no drug or class${criterionText ? ` (“${criterionText}”)` : ""}; no treatment is documented for ${dx}. Other treatments on record (${listWords([...new Set(others)]) || `${plural(ctx.claims.length, "claim")}`}) are not counted as lines of therapy without it.`,
        reason: "needs clinician review: which prior treatments were for this disease",
        evidence: [],
      };
    }
  }
  const anyHistory = found.length > 0 || (ctx.facts.priorTreatments ?? []).length > 0 || ctx.claims.length > 0;
  const shortText = short.length ? ` Shorter than ${min} days: ${short.map(describe).join("; ")}.` : "";
  const staleText = stale.length ? ` Older than ${within} days before ${ctx.asOf}: ${stale.map(describe).join("; ")}.` : "";
  // The documents state the required therapy was never given ("she has never taken methotrexate", "no topical
  // corticosteroid has been used"): the criterion is not met on that statement, which a clinician then weighs.
  // Other drugs on record do not outweigh the required one stated as never taken ("has never taken ketoconazole").
  const denied = found.length ? [] : statedNeverTried(ctx, check);
  if (denied.length) {
    return {
      outcome: "not_met",
      answer: `No: the documents state no trial of ${drugsWanted(check)}: “${denied[0].quote}” (${denied[0].documentName} p. ${denied[0].page}).${skipped}`,
      reason: `The policy requires ${requirement}; the case says it was not tried.`,
      evidence: denied.slice(0, 3).map(hitEvidence),
      missingInformation: `Records of a trial of ${requirement.replace(/^at least \d+ /, "")} (drug, dates, outcome), if one was made`,
    };
  }
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
    answer: `No: ${found.length ? `only ${found.length === 1 ? "one" : found.length} qualifying ${found.length === 1 ? "drug is" : "drugs are"} documented: ${found.map(describe).join("; ")}` : "no qualifying drug is documented"}.${shortText}${staleText}${skipped}`,
    reason: `The policy requires ${requirement}; the case shows ${qualifying.length}${excluded.length ? `: ${excludedParts(check, excluded, ctx).join("; ")}` : ""}. ${plural(needed, "more trial")} would be needed.`,
    evidence,
    missingInformation: `Records of ${plural(needed, "more trial")} of ${requirement.replace(/^at least \d+ /, "")} (drug, dates, outcome)`,
  };
}
