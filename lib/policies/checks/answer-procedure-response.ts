// An inadequate response to a procedure ("Must not have had an adequate clinical response to surgery, radiation"):
// met only when one sentence of the case names the procedure with an inadequate outcome ("persistent acromegaly after
// surgery", "adenectomy ... residual in the cavernous sinus"), stated (not negated, hedged, planned, asked or only
// ticked on the form), and the procedure is dated in the case (the date in that sentence, or in another sentence that
// names it: "underwent adenectomy on 11/12/2024"). A procedure only discussed or planned is no response to it.
import { findDates } from "@/lib/lexicon/dates";
import { inadequateResponseProcedures, statesInadequateOutcome, type ProcedureWords } from "@/lib/lexicon/procedure-response";
import { citeHit, hitEvidence, searchDocuments, type TextHit } from "../case-search";
import { inSentence, listWords, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

const stated = (h: TextHit) => !h.negated && !h.hedged && !h.planned && !h.question && !h.attestation;

function evidenceOf(procedure: ProcedureWords, ctx: CaseContext): { outcome: TextHit | null; dated: TextHit | null; mentioned: TextHit | null } {
  const opts = { referenceYear: Number(ctx.asOf.slice(0, 4)) };
  const hits = searchDocuments(ctx.documents, { pattern: procedure.evidence }).filter(stated);
  // A date on or before the request's: the procedure was done, not scheduled.
  const dated = (h: TextHit) => findDates(h.quote, opts).some((d) => d.iso <= ctx.asOf);
  const outcomes = hits.filter((h) => statesInadequateOutcome(h.quote));
  return { outcome: outcomes.find(dated) ?? outcomes[0] ?? null, dated: hits.find(dated) ?? null, mentioned: hits[0] ?? null };
}

export function answerProcedureResponse(check: CheckOf<"documentation">, ctx: CaseContext): CheckAnswer | null {
  const procedures = inadequateResponseProcedures(check.what);
  if (!procedures.length) return null;
  const read = procedures.map((p) => ({ procedure: p, ...evidenceOf(p, ctx) }));
  const proven = read.find((r) => r.outcome && r.dated);
  if (proven?.outcome && proven.dated) {
    const evidence = [hitEvidence(proven.outcome), ...(proven.dated === proven.outcome ? [] : [hitEvidence(proven.dated)])];
    const when = proven.dated === proven.outcome ? "" : `; dated by ${citeHit(proven.dated)}`;
    return { outcome: "met", answer: `Yes: an inadequate response to ${proven.procedure.name}: ${citeHit(proven.outcome)}${when}.`, reason: `The documents state an inadequate response to ${proven.procedure.name}.`, evidence };
  }
  const names = listWords(procedures.map((p) => p.name), "or");
  const partial = read.find((r) => r.outcome ?? r.mentioned);
  const hit = partial?.outcome ?? partial?.mentioned ?? null;
  const lacks = partial?.outcome ? `the ${partial.procedure.name} is not dated` : hit ? `no outcome of the ${partial?.procedure.name} is stated` : `no ${names} is documented`;
  return {
    outcome: "missing",
    answer: hit ? `Not shown: ${citeHit(hit)}; ${lacks}.` : `Not shown: ${lacks}.`,
    reason: `The policy requires that ${inSentence(check.what)}; ${lacks}.`,
    evidence: hit ? [hitEvidence(hit)] : [],
    missingInformation: `The dated ${names} and its outcome (persistent or residual disease)`,
  };
}
