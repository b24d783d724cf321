// The evaluation's figures per policy family, from the outcomes of its cases and the quotes of its documents, and
// their comparison with the committed golden figures (lib/evaluation/golden.json).
import type { CaseOutcome } from "./evaluate-case";
import { f1, sumCounts } from "./intake-scoring";

export type FamilyFigures = {
  cases: number;
  /** Share of (document, labelled drug) pairs with a section bound to the drug. */
  sections_found: number;
  /** Share of the documents' criteria quotes found verbatim on their pages. */
  quotes_verbatim: number;
  /** Share of cases whose deciding criterion's steps have the labelled outcome. */
  criterion_agreement: number;
  /** Share of cases decided as labelled (approve: approved; deny: not approved, its deciding step not met). */
  determination_agreement: number;
  /** Deny cases approved, or cases approved on another drug's section: must stay 0. */
  false_approvals: number;
  /** Micro F1 of the intake's labelled fields. */
  intake_f1: number;
};

export type Figures = Record<string, FamilyFigures>;

/** Higher is better for every figure but false approvals. */
export const FIGURE_NAMES = ["sections_found", "quotes_verbatim", "criterion_agreement", "determination_agreement", "false_approvals", "intake_f1"] as const;

/** n / of to 3 decimals; nothing to count (no quote read, no case) is 0, never a perfect score. */
const share = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 1000 : 0);

export interface QuoteCount {
  group: string;
  verbatim: number;
  total: number;
}

export function familyFigures(outcomes: readonly CaseOutcome[], quotes: readonly QuoteCount[]): Figures {
  const groups = [...new Set([...outcomes.map((o) => o.group), ...quotes.map((q) => q.group)])].sort();
  const out: Figures = {};
  for (const group of groups) {
    const cases = outcomes.filter((o) => o.group === group);
    const q = quotes.filter((x) => x.group === group);
    const verbatim = q.reduce((n, x) => n + x.verbatim, 0);
    const total = q.reduce((n, x) => n + x.total, 0);
    out[group] = {
      cases: cases.length,
      sections_found: share(cases.filter((c) => c.sectionFound).length, cases.length),
      quotes_verbatim: share(verbatim, total),
      criterion_agreement: share(cases.filter((c) => c.criterionAgrees).length, cases.length),
      determination_agreement: share(cases.filter((c) => c.determinationAgrees).length, cases.length),
      false_approvals: cases.filter((c) => c.falseApproval).length,
      intake_f1: Math.round(1000 * f1(sumCounts(cases.flatMap((c) => Object.values(c.intake)))).f) / 1000,
    };
  }
  return out;
}

/** The figures as a table to print. */
export function figuresTable(figures: Figures): string {
  const head = ["family", "cases", ...FIGURE_NAMES];
  const rows = Object.entries(figures).map(([family, f]) => [family, String(f.cases), ...FIGURE_NAMES.map((n) => String(f[n]))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ")).join("\n");
}
