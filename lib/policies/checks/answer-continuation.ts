// Continuation: the patient is on the drug (paid claims of it, an ongoing treatment, or the notes say so), responds
// to it (the prescriber's notes), or shows no progression on it.
import { priorUseOfDrug } from "@/lib/claims/claims-evidence";
import { sameDrug } from "@/lib/lexicon/same-drug";
import { citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { drugPattern } from "./drug-patterns";
import { contextOf } from "@/lib/lexicon/context";

const RESPONSE = /\b(?:respond(?:ing|ed|s)?\b|response to|improv(?:ed|ement|ing)|reduc(?:ed|tion) in|decrease[ds]? in|fewer seizures|seizure[- ]free|well[- ]controlled|better controlled|stable on|stabiliz\w*|benefit(?:ed|ing)? from|remission)/i;
/** The words a response is written with, each asked of the context engine ("no response", "not improved"). */
const RESPONSE_WORD = /\b(?:respon\w*|improv\w*|benefit\w*)/gi;
/** A poor response written as an outcome, not as a negation: "failed to respond", "minimal improvement". */
const POOR_RESPONSE = /\b(?:failed to|minimal|marginal)\s+(?:\w+\s+){0,2}(?:respon\w*|improv\w*|benefit)/i;
const STABLE = /\b(?:no (?:evidence of )?(?:disease )?progression|stable disease|disease is stable|remains stable|no new lesions|without progression|no (?:interval )?change|unchanged|partial response|complete response|responding)\b/i;
const PROGRESSION = /\b(?:progress(?:ion|ive|ed|ing)|recurren\w*|new (?:lesions?|metastas\w*)|worsen\w*|enlarg\w*)\b/i;
const ON_DRUG = /\b(?:currently (?:on|taking|receiving|using)|continues? (?:on|to take)|has been (?:on|taking|receiving)|since|maintained on|tolerating|continue)\b/i;

/** A sentence that says the drug did not work: a response word under a negation ("no improvement"), or a poor one. */
function deniesResponse(sentence: string): boolean {
  if (POOR_RESPONSE.test(sentence)) return true;
  return [...sentence.matchAll(RESPONSE_WORD)].some((m) => contextOf(sentence, m.index, m.index + m[0].length).includes("negated"));
}

export function answerContinuation(check: CheckOf<"continuation">, ctx: CaseContext): CheckAnswer {
  const drug = ctx.requested?.name ?? check.drug ?? ctx.coveredDrugs[0] ?? "the requested drug";
  const names = [drug, check.drug, ...ctx.coveredDrugs].filter((d): d is string => Boolean(d));
  if (check.requirement === "on_therapy") {
    const use = priorUseOfDrug(ctx.claims, { name: drug, ndc: ctx.requested?.ndc ?? null });
    if (use.used && use.trial) {
      const t = use.trial;
      return {
        outcome: "met",
        answer: `Yes: ${t.fills} paid claim${t.fills === 1 ? "" : "s"} for ${t.written} from ${t.firstFill} to ${t.lastFill} (${t.claimIds.join(", ")}).`,
        reason: `Paid claims show the patient on ${drug}.`,
        evidence: use.claims.slice(0, 5).map((c) => ({ claimId: c.claim_id, quote: `${c.drug_name ?? drug} filled ${c.date} (paid)` })),
      };
    }
    const treatment = (ctx.facts.priorTreatments ?? []).find((t) => names.some((n) => sameDrug(t.drug, n)) && (t.outcome === "ongoing" || t.outcome === "unknown"));
    if (treatment) {
      const evidence = toStepEvidence(treatment.evidence);
      return { outcome: "met", answer: `Yes: ${treatment.drug}${treatment.startDate ? ` since ${treatment.startDate}` : ""}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `The notes show the patient on ${drug}.`, evidence };
    }
    // Not on it ("never took"), or only planned ("will start"): the context engine marks the hit negated or planned.
    const hit = searchDocuments(ctx.documents, { pattern: drugPattern(names) }).find((h) => !h.negated && !h.hedged && !h.planned && ON_DRUG.test(h.quote));
    if (hit) return { outcome: "met", answer: `Yes: ${citeHit(hit)}.`, reason: `The notes show the patient on ${drug}.`, evidence: [hitEvidence(hit)] };
    const denied = use.claims.filter((c) => c.status !== "paid");
    return {
      outcome: "missing",
      answer: `No paid claim or note shows the patient currently on ${drug}${denied.length ? ` (claims ${denied.map((c) => `${c.claim_id} ${c.status}`).join(", ")} do not count)` : ""}.`,
      reason: `Continuation requires current use of ${drug}; none is documented.`,
      evidence: [],
      missingInformation: `Claims or notes showing current therapy with ${drug} (start date)`,
    };
  }
  if (check.requirement === "response") {
    const hits = searchDocuments(ctx.documents, { pattern: RESPONSE });
    const negative = hits.find((h) => deniesResponse(h.quote));
    const hit = hits.find((h) => !h.negated && !h.hedged && !deniesResponse(h.quote));
    if (hit) return { outcome: "met", answer: `Yes: ${citeHit(hit)}.`, reason: `The prescriber documents a response to ${drug}.`, evidence: [hitEvidence(hit)] };
    if (negative) return { outcome: "not_met", answer: `No: ${citeHit(negative)}.`, reason: `The notes document no response to ${drug}.`, evidence: [hitEvidence(negative)] };
    return { outcome: "missing", answer: `No note documents a response to ${drug}.`, reason: `Continuation requires a documented response to ${drug}.`, evidence: [], missingInformation: `Prescriber's notes documenting the response to ${drug} (e.g., reduced frequency or severity)` };
  }
  const stable = searchDocuments(ctx.documents, { pattern: STABLE }).find((h) => !h.hedged);
  if (stable) return { outcome: "met", answer: `Yes: ${citeHit(stable)}.`, reason: `The documents show no progression on ${drug}.`, evidence: [hitEvidence(stable)] };
  const progression = searchDocuments(ctx.documents, { pattern: PROGRESSION }).find((h) => !h.negated && !h.hedged);
  if (progression) return { outcome: "not_met", answer: `No: ${citeHit(progression)}.`, reason: `The documents show progression, which ends continuation of ${drug}.`, evidence: [hitEvidence(progression)] };
  return { outcome: "missing", answer: `No document states the disease status on ${drug}.`, reason: `Continuation requires evidence of no progression on ${drug}.`, evidence: [], missingInformation: `Recent imaging or notes on disease status while on ${drug}` };
}
