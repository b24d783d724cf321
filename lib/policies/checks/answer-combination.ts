// "Used in combination with X": X is part of the requested regimen (another medication request, the request's
// directions, or the plan in the notes). When the regimen is stated and X is nowhere in it, the criterion fails.
import { sameDrug } from "@/lib/lexicon/same-drug";
import { citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { drugPattern } from "./drug-patterns";

export function answerCombination(check: CheckOf<"combination_therapy">, ctx: CaseContext): CheckAnswer {
  const wanted = listWords(check.drugs, "or");
  const pattern = drugPattern(check.drugs);
  const meds = ctx.facts.medicationRequests ?? [];
  const other = meds.find((m) => m !== ctx.requested && check.drugs.some((d) => sameDrug(m.name, d)));
  if (other) {
    const evidence = toStepEvidence(other.evidence);
    return { outcome: "met", answer: `Yes: ${other.name} is requested too${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `The regimen includes ${wanted}.`, evidence };
  }
  const withDirections = meds.find((m) => m.directions && pattern.test(m.directions));
  if (withDirections) {
    const evidence = toStepEvidence(withDirections.evidence, "directions");
    return { outcome: "met", answer: `Yes: the directions say “${withDirections.directions}”${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `The regimen includes ${wanted}.`, evidence };
  }
  const hit = searchDocuments(ctx.documents, { pattern }).find((h) => !h.negated && !h.hedged);
  if (hit) return { outcome: "met", answer: `Yes: ${citeHit(hit)}.`, reason: `The plan includes ${wanted}.`, evidence: [hitEvidence(hit)] };
  if (ctx.requested) {
    const evidence = toStepEvidence(ctx.requested.evidence);
    const regimen = ctx.requested.directions ? `${ctx.requested.name}: “${ctx.requested.directions}”` : ctx.requested.name;
    return {
      outcome: "not_met",
      answer: `No: the request is ${regimen}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}; no document names ${wanted} as part of the regimen.`,
      reason: `The policy requires use in combination with ${wanted}; the requested regimen does not include it.`,
      evidence,
      missingInformation: `A regimen that combines the drug with ${wanted}`,
    };
  }
  return { outcome: "missing", answer: "The case does not state the requested regimen.", reason: `It cannot be checked whether the drug is used with ${wanted}.`, evidence: [], missingInformation: `The requested regimen (drugs and directions), including ${wanted}` };
}
