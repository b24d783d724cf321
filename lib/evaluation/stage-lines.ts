// One printed line per evaluated item of each stage (pure), and whether the item passes its stage; the printed
// tables show the figures, these lines say which item differs and why.
import type { IntakeOutcome } from "./stage-intake";
import type { PublishedOutcome } from "./stage-published";
import { readingPasses, type ReadingOutcome } from "./stage-reading";

const indent = (lines: readonly string[]) => lines.map((l) => `\n         ${l}`).join("");

export const publishedPasses = (o: PublishedOutcome) => o.criteriaAgree && o.determinationAgrees;
export const intakePasses = (o: IntakeOutcome) => o.differences.length === 0;

export function readingLine(o: ReadingOutcome, verbose: boolean): string {
  const bound = o.bindings.map((b) => `${b.drug} -> ${b.section ? `"${b.section}"` : "none"}${b.right ? "" : " (not the published section)"}`).join("; ");
  const kinds = o.kinds.filter((k) => k.published !== k.read);
  const detail = [
    ...o.missed.map((m) => `missed: ${m}`),
    ...o.extra.map((m) => `extra read: ${m}`),
    ...(verbose ? o.kinds : kinds).map((k) => `kind ${k.published === k.read ? "same" : "differs"}: published ${k.published}, read ${k.read}: ${k.sentence}`),
  ];
  return `  ${readingPasses(o) ? "agrees " : "differs"} ${o.key}: ${bound}; sentences matched ${o.matched} of ${o.published} published, of ${o.read} read; kinds same ${o.kinds.length - kinds.length} of ${o.kinds.length}${verbose || !readingPasses(o) ? indent(detail) : ""}`;
}

export function publishedLine(o: PublishedOutcome, verbose: boolean): string {
  const criteria = o.criteria.map((c) => `${c.falseMet ? "FALSE MET " : ""}expected ${c.expected}, answered ${c.answer}${c.steps.length ? ` (${c.steps.join(", ")})` : ""}: ${c.text.length > 80 ? `${c.text.slice(0, 77)}...` : c.text}`);
  const s = o.steps;
  return `  ${publishedPasses(o) ? "agrees " : "differs"} ${o.key} (expected ${o.expected}): ${o.status}${o.section ? ` on "${o.section}"` : ""}; steps met ${s.met}, not met ${s.notMet}, missing ${s.missing}, manual ${s.manual}${indent(criteria)}${verbose ? indent(o.stepLines) : ""}`;
}

export function intakeLine(o: IntakeOutcome): string {
  return `  ${intakePasses(o) ? "agrees " : "differs"} ${o.key} [${o.layoutGroup}]${o.differences.length ? `: ${o.differences.join("; ")}` : ""}`;
}

/** A reason to list a failing item with, from what differs (the baseline's own words). */
export const reasonOf = {
  reading: (o: ReadingOutcome) =>
    `${o.bindings.filter((b) => !b.right).map((b) => `${b.drug} bound to ${b.section ? `"${b.section}"` : "no section"}`).join("; ") || "bound right"}; ${o.matched} of ${o.published} published sentences read, ${o.read - o.matched} read sentences match none; kinds differ on ${o.kinds.filter((k) => k.published !== k.read).length} of ${o.kinds.length}`,
  published: (o: PublishedOutcome) =>
    `${o.status}; ${o.criteria.filter((c) => !c.agrees).map((c) => `${c.falseMet ? "FALSE MET: " : ""}expected ${c.expected}, answered ${c.answer}: "${c.text.slice(0, 60)}"`).join("; ") || "criteria agree"}`,
  intake: (o: IntakeOutcome) => o.differences.join("; "),
};
