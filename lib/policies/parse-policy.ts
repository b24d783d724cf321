// A payer policy's text (pages) -> its criteria: sections per indication (initial / continuation), trees of ALL /
// ANY groups with classified checks, every criterion quoted verbatim from its page. Pure and deterministic: the
// same pages give the same policy. Layout-agnostic: it keys on list markers, logic words ("ONE of the following",
// "(i, ii, and iii)", "AND"/"OR"), phase words ("Initial Therapy", "Reauthorization") and boilerplate headings, so
// other payers' documents parse as well as the two it was developed on.
import { buildSections } from "./build-sections";
import { enforceVerbatimQuotes } from "./enforce-verbatim-quotes";
import { limitsFromTables } from "./limit-table";
import { findCodes, findCoveredDrugs, findEffectiveDate, findPayer, findTitle } from "./policy-metadata";
import { buildOutline } from "./policy-outline";
import { policyLines } from "./policy-lines";
import { readSteps, stepTree } from "./read/step-logic/step-logic";
import type { ParsedPolicy } from "./types";

export interface ParsePolicyOptions {
  /** Known title / payer (an upload's metadata) instead of the ones read from the text. */
  title?: string;
  payer?: string;
}

/** Covered drug names as words that identify them: "Epidiolex (cannabidiol oral solution)" -> Epidiolex, cannabidiol. */
function coveredDrugWords(drugNames: readonly string[]): string[] {
  const words = drugNames.flatMap((d) => [d.split(/[\s(]/)[0], /\(([a-z-]+)/i.exec(d)?.[1] ?? ""]);
  return [...new Set(words.filter((w) => w.length >= 4))];
}

export function parsePolicy(pages: readonly { page: number; text: string }[], opts: ParsePolicyOptions = {}): ParsedPolicy {
  const sorted = [...pages].filter((p) => typeof p.text === "string").sort((a, b) => a.page - b.page);
  const { lines } = policyLines(sorted);
  const firstPage = sorted[0]?.page;
  const firstPageLines = lines.filter((l) => l.page === firstPage);
  const allText = sorted.map((p) => p.text).join("\n");
  const title = opts.title ?? findTitle(firstPageLines);
  const drugNames = findCoveredDrugs(firstPageLines, title, allText);
  const warnings: string[] = [];
  // A document deciding by numbered Yes/No steps ("Go to Step 3 / Deny request / Approve request") is read as that tree.
  const steps = readSteps(lines);
  const tree = steps ? stepTree(steps, "steps.initial") : null;
  const sections = tree
    ? [{ id: "steps.initial", title, kind: "initial" as const, diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: null, criteria: tree, titleQuote: null }]
    : buildSections(buildOutline(lines), { pages: sorted, coveredDrugs: coveredDrugWords(drugNames), warnings }, title);
  if (!sections.length) warnings.push("No criteria lists were found in the policy text.");
  const policy: ParsedPolicy = {
    title,
    payer: opts.payer ?? findPayer(allText),
    effectiveDate: findEffectiveDate(lines),
    drugNames,
    suggestedCodes: findCodes(sorted),
    sections,
    limits: limitsFromTables(lines, sorted),
    warnings,
  };
  return enforceVerbatimQuotes(policy, sorted);
}
