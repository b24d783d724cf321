// The figures of the evaluation's stages per group ("<source>/<family>", and for intake also "<source>/<layout>"),
// their comparison with the committed golden figures (lib/evaluation/golden-stages.json) and printed tables. Pure.
// Sources are never averaged together: a group key starts with its source (policy-families, policy-cases, fixtures,
// policy-families-scans).
import type { CaseOutcome } from "./evaluate-case";
import { f1, sumCounts } from "./intake-scoring";
import { INTAKE_FIELDS, type IntakeOutcome } from "./stage-intake";
import type { PublishedOutcome } from "./stage-published";
import type { ReadingOutcome } from "./stage-reading";

export type StageName = "reading" | "published" | "scans" | "intake";
export const STAGES: StageName[] = ["reading", "published", "scans", "intake"];
export type GroupFigures = Record<string, number>;
export type StageFigures = Record<string, GroupFigures>;
export type StagesFigures = Partial<Record<StageName, StageFigures>>;

/** Lower is better for these; every other compared figure: higher is better. */
const LOWER_IS_BETTER = new Set(["false_met", "false_approvals"]);
/** Counts printed for information, not compared with golden (more or fewer is neither better nor worse). */
const INFORMATION = new Set(["cases", "groups", "labelled_criteria", "sentences_published", "sentences_read", "steps_met", "steps_not_met", "steps_missing", "steps_manual", "seconds", "field_values"]);

/** n / of to 3 decimals; nothing to count is 0, never a perfect score. */
const share = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 1000 : 0);
const groupsOf = <T,>(items: readonly T[], key: (t: T) => string) => [...new Set(items.map(key))].sort().map((g) => [g, items.filter((i) => key(i) === g)] as const);

export function readingFigures(outcomes: readonly ReadingOutcome[]): StageFigures {
  const out: StageFigures = {};
  for (const [group, items] of groupsOf(outcomes, (o) => o.group)) {
    const bindings = items.flatMap((o) => o.bindings);
    const kinds = items.flatMap((o) => o.kinds);
    const sum = (f: (o: ReadingOutcome) => number) => items.reduce((n, o) => n + f(o), 0);
    out[group] = {
      groups: items.length,
      sections_bound_right: share(bindings.filter((b) => b.right).length, bindings.length),
      sentences_published: sum((o) => o.published),
      sentences_read: sum((o) => o.read),
      sentence_recall: share(sum((o) => o.matched), sum((o) => o.published)),
      sentence_precision: share(sum((o) => o.matched), sum((o) => o.read)),
      kind_agreement: share(kinds.filter((k) => k.published === k.read).length, kinds.length),
    };
  }
  return out;
}

export function publishedFigures(outcomes: readonly PublishedOutcome[]): StageFigures {
  const out: StageFigures = {};
  for (const [group, items] of groupsOf(outcomes, (o) => o.group)) {
    const criteria = items.flatMap((o) => o.criteria);
    const sum = (f: (o: PublishedOutcome) => number) => items.reduce((n, o) => n + f(o), 0);
    out[group] = {
      cases: items.length,
      labelled_criteria: criteria.length,
      criterion_agreement: share(criteria.filter((c) => c.agrees).length, criteria.length),
      determination_agreement: share(items.filter((o) => o.determinationAgrees).length, items.length),
      clean_cases_approved: share(items.filter((o) => o.expected === "approved" && o.status === "approved").length, items.filter((o) => o.expected === "approved").length),
      false_met: criteria.filter((c) => c.falseMet).length,
      false_approvals: items.filter((o) => o.falseApproval).length,
      steps_met: sum((o) => o.steps.met),
      steps_not_met: sum((o) => o.steps.notMet),
      steps_missing: sum((o) => o.steps.missing),
      steps_manual: sum((o) => o.steps.manual),
    };
  }
  return out;
}

/** End to end from image-only copies of cases (recognised text): the end-to-end figures of their outcomes. */
export function scanFigures(outcomes: readonly CaseOutcome[], seconds: Record<string, number>): StageFigures {
  const out: StageFigures = {};
  for (const [group, items] of groupsOf(outcomes, (o) => o.group)) {
    out[group] = {
      cases: items.length,
      sections_found: share(items.filter((o) => o.sectionFound).length, items.length),
      criterion_agreement: share(items.filter((o) => o.criterionAgrees).length, items.length),
      determination_agreement: share(items.filter((o) => o.determinationAgrees).length, items.length),
      false_approvals: items.filter((o) => o.falseApproval).length,
      intake_f1: Math.round(1000 * f1(sumCounts(items.flatMap((o) => Object.values(o.intake)))).f) / 1000,
      seconds: Math.round(items.reduce((n, o) => n + (seconds[o.key] ?? 0), 0)),
    };
  }
  return out;
}

/** Per group (by family, and by layout): the share of cases agreeing per field, and over every labelled field. */
export function intakeFigures(outcomes: readonly IntakeOutcome[]): StageFigures {
  const out: StageFigures = {};
  const add = (group: string, items: readonly IntakeOutcome[]) => {
    const all = items.flatMap((o) => Object.values(o.fields));
    const figures: GroupFigures = { cases: items.length, field_values: all.length, all_fields: share(all.filter(Boolean).length, all.length) };
    for (const field of INTAKE_FIELDS) {
      const values = items.flatMap((o) => (o.fields[field] === undefined ? [] : [o.fields[field]]));
      if (values.length) figures[field] = share(values.filter(Boolean).length, values.length);
    }
    out[group] = figures;
  };
  for (const [group, items] of groupsOf(outcomes, (o) => o.group)) add(`family: ${group}`, items);
  for (const [group, items] of groupsOf(outcomes, (o) => o.layoutGroup)) add(`layout: ${group}`, items);
  return out;
}

export interface StageComparison {
  drops: string[];
  rises: string[];
  unrecorded: string[];
}

/** Compares a stage's figures with its golden ones (only the groups given: a filtered run passes fewer). */
export function compareStage(stage: string, now: StageFigures, golden: StageFigures): StageComparison {
  const drops: string[] = [];
  const rises: string[] = [];
  const unrecorded: string[] = [];
  for (const [group, figures] of Object.entries(now)) {
    const g = golden[group];
    if (!g) {
      unrecorded.push(`${stage} ${group}`);
      continue;
    }
    for (const [name, value] of Object.entries(figures)) {
      if (INFORMATION.has(name)) continue;
      const before = g[name];
      if (before === undefined) {
        unrecorded.push(`${stage} ${group} ${name}`);
        continue;
      }
      const lower = LOWER_IS_BETTER.has(name);
      if (lower ? value > before : value < before) drops.push(`${stage} ${group} ${name}: ${value}, golden ${before}`);
      else if (lower ? value < before : value > before) rises.push(`${stage} ${group} ${name}: ${value}, golden ${before}`);
    }
    for (const name of Object.keys(g)) if (!INFORMATION.has(name) && figures[name] === undefined) drops.push(`${stage} ${group} ${name}: not measured, golden ${g[name]}`);
  }
  return { drops, rises, unrecorded };
}

/** A stage's figures as a table to print: one row per group, one column per figure. */
export function stageTable(stage: StageName, figures: StageFigures): string {
  const names = [...new Set(Object.values(figures).flatMap((f) => Object.keys(f)))];
  const head = [stage, ...names];
  const rows = Object.entries(figures).map(([group, f]) => [group, ...names.map((n) => (f[n] === undefined ? "-" : String(f[n])))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ")).join("\n");
}
