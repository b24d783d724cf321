// "Not used in combination with X": X must not be among the other requested drugs, the ongoing treatments, the
// recent paid claims (filled, or supplied up to, within 90 days) or what the notes say the patient currently takes.
import { className, isInClass } from "@/lib/lexicon/drug-classes";
import { sameDrug } from "@/lib/lexicon/same-drug";
import { claimDrugName, daysBetween } from "@/lib/claims/claims-evidence";
import { citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { drugPattern } from "./drug-patterns";

const RECENT_DAYS = 90;
const CURRENT = /\b(?:currently|current|taking|takes|on|receiving|continues|continuing|maintained on)\b/i;

export function answerExclusion(check: CheckOf<"concurrent_therapy_exclusion">, ctx: CaseContext): CheckAnswer {
  const classes = check.drugClasses ?? [];
  const excluded = (name: string) => (check.drugs.some((d) => sameDrug(name, d)) || classes.some((c) => isInClass(name, c))) && !(ctx.requested && sameDrug(name, ctx.requested.name));
  const wanted = listWords([...check.drugs, ...classes.map(className)], "or");
  const med = (ctx.facts.medicationRequests ?? []).find((m) => m !== ctx.requested && excluded(m.name));
  if (med) {
    const evidence = toStepEvidence(med.evidence);
    return { outcome: "not_met", answer: `No: ${med.name} is requested as well${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `The policy excludes use with ${wanted}.`, evidence };
  }
  const ongoing = (ctx.facts.priorTreatments ?? []).find((t) => t.outcome === "ongoing" && excluded(t.drug));
  if (ongoing) {
    const evidence = toStepEvidence(ongoing.evidence);
    return { outcome: "not_met", answer: `No: the patient is on ${ongoing.drug}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `The policy excludes use with ${wanted}.`, evidence };
  }
  const recent = ctx.claims.find((c) => {
    const name = claimDrugName(c, ctx.claims);
    const before = daysBetween(c.date, ctx.asOf);
    // A fill whose supply lasts into the recent window is recent use, however long ago it was dispensed.
    return c.status === "paid" && name !== null && excluded(name) && before >= 0 && before - (c.days_supply ?? 0) <= RECENT_DAYS;
  });
  if (recent) {
    return { outcome: "not_met", answer: `No: claim ${recent.claim_id} (${recent.date}, paid) is for ${claimDrugName(recent, ctx.claims)}.`, reason: `The policy excludes use with ${wanted}; it was filled in the last ${RECENT_DAYS} days.`, evidence: [{ claimId: recent.claim_id, quote: `${claimDrugName(recent, ctx.claims)} filled ${recent.date} (paid)` }] };
  }
  if (check.drugs.length) {
    const hit = searchDocuments(ctx.documents, { pattern: drugPattern(check.drugs) }).find((h) => !h.negated && !h.hedged && CURRENT.test(h.quote));
    if (hit) return { outcome: "not_met", answer: `No: ${citeHit(hit)}.`, reason: `The notes say the patient takes ${wanted}, which the policy excludes.`, evidence: [hitEvidence(hit)] };
  }
  const reviewed = [ctx.claims.length ? `${ctx.claims.length} claim records` : "", (ctx.facts.priorTreatments ?? []).length ? "the documented treatments" : "", (ctx.facts.medicationRequests ?? []).length ? "the requested medications" : ""].filter(Boolean);
  if (reviewed.length) {
    const evidence = [
      ...toStepEvidence(ctx.requested?.evidence).slice(0, 1),
      ...ctx.claims.slice(0, 3).map((c) => ({ claimId: c.claim_id, quote: `${claimDrugName(c, ctx.claims) ?? c.procedure_code ?? "claim"} ${c.date} (${c.status})` })),
    ];
    return { outcome: "met", answer: `Yes: none of ${wanted} appears in ${listWords(reviewed)}.`, reason: `No concurrent use of ${wanted} is documented.`, evidence };
  }
  return { outcome: "missing", answer: "The case states no current medications or claims.", reason: `A current medication list is needed to rule out ${wanted}.`, evidence: [], missingInformation: "Current medication list (or claim history)" };
}
