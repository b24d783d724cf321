// Prescriber specialty: the prescriber's stated specialty (synonyms: neurologist ~ neurology ~ pediatric neurology,
// oncologist ~ hematology/oncology), or, where the policy allows "in consultation with", a documented consult.
import { specialtyPatterns, specialtySatisfies } from "@/lib/lexicon/specialties";
import { bestHit, citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, listWords, manualAnswer, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

export { specialtyPatterns };

/** The prescriber's stated specialty meets the policy's wanted one: by NUCC taxonomy and the fields of medicine (lib/lexicon). */
export const specialtyMatches = (stated: string, wanted: string): boolean => specialtySatisfies(stated, wanted);

// A consultation that took place, its cue right before the field ("seen by endocrinology", "per cardiology") or
// right after it ("endocrinology consult", "oncology input"). A referral is not one (it may never be seen), so
// "referr..." is no cue here.
const CUE_BEFORE = "consult\\w*(?:\\s+with)?|recommendations?\\s+(?:of|from)|recommended by|seen by|evaluated by|follow(?:s|ed|ing)? (?:up )?with|co-?managed (?:with|by)|under the care of|per";
const CUE_AFTER = "consult\\w*|recommend\\w*|input|evaluation|co-?manag\\w*";
// The fields are stems ("neurolog"): the word goes on to its end.
const consultPattern = (fields: string) => new RegExp(`\\b(?:${CUE_BEFORE})\\W+(?:[\\w-]+\\W+){0,4}?(?:${fields})|(?:${fields})[\\w-]*\\W+(?:[\\w-]+\\W+){0,2}?(?:${CUE_AFTER})\\b`, "i");

/** "Will consult endocrinology", "pending cardiology evaluation": the consultation is still to come. */
const PLANNED = /\b(?:will|shall|plan(?:s|ned)?(?: to)?|to be|pending|awaiting|scheduled|would like to|wants? to|needs? to|to obtain)\s+(?:[\w-]+\s+){0,2}$/i;
function plannedBefore(quote: string, pattern: RegExp): boolean {
  const m = pattern.exec(quote);
  return m !== null && PLANNED.test(quote.slice(0, m.index));
}

export function answerSpecialty(check: CheckOf<"prescriber_specialty">, ctx: CaseContext): CheckAnswer {
  if (!check.specialties.length) return manualAnswer("prescribed by a physician who specializes in the condition being treated");
  const wanted = listWords(check.specialties, "or");
  const practitioners = ctx.facts.practitioners ?? [];
  const prescriber = practitioners.find((p) => p.role === "prescriber") ?? practitioners[0] ?? null;
  const name = prescriber ? [...prescriber.prefix, ...prescriber.given, prescriber.family].filter(Boolean).join(" ") : null;
  const pattern = consultPattern(check.specialties.flatMap(specialtyPatterns).map((r) => r.source).join("|"));
  const hits = check.consultationAllowed ? searchDocuments(ctx.documents, { pattern }) : [];
  const denied = hits.find((h) => h.negated);
  if (prescriber?.specialty && check.specialties.some((s) => specialtyMatches(prescriber.specialty as string, s))) {
    const evidence = toStepEvidence(prescriber.evidence, "specialty");
    // The form's own question answered No ("Prescriber is endocrinologist/oncologist or has consulted one | [X] No")
    // against the stated specialty: the documents disagree, a person decides with both shown.
    const boxNo = hits.find((h) => h.negated && h.attestation);
    if (boxNo) return disagree(`the prescriber's specialty is ${prescriber.specialty}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}`, citeHit(boxNo), wanted, [...evidence, hitEvidence(boxNo)]);
    return { outcome: "met", answer: `Yes: the prescriber${name ? `, ${name},` : ""} specializes in ${prescriber.specialty}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `${prescriber.specialty} is ${wanted}.`, evidence };
  }
  if (check.consultationAllowed) {
    // Only a consultation that happened: not planned ("will consult"), not denied ("has not yet been seen by"), and
    // not a form's own check box question, which attests at best.
    const hit = bestHit(hits.filter((h) => !h.planned && !h.attestation && !plannedBefore(h.quote, pattern)));
    // One document says there was a consultation, another that there was none: a person decides with both shown.
    if (denied && hit && !hit.hedged && !hit.negated) return disagree(citeHit(hit), citeHit(denied), wanted, [hitEvidence(hit), hitEvidence(denied)]);
    if (denied && (!hit || hit.hedged)) {
      const evidence = [hitEvidence(denied)];
      return {
        outcome: "not_met",
        answer: `No: ${citeHit(denied)}${prescriber?.specialty ? ` (the prescriber's own specialty is ${prescriber.specialty})` : ""}.`,
        reason: `The policy requires a prescriber who is ${wanted} or a consultation with one; the case says there is none.`,
        evidence,
        missingInformation: `Documentation of a consultation with ${wanted} (consult note), if one took place`,
      };
    }
    if (hit && !hit.hedged) {
      return {
        outcome: "met",
        answer: `Yes, in consultation: ${citeHit(hit)}${prescriber?.specialty ? ` (the prescriber's own specialty is ${prescriber.specialty})` : ""}.`,
        reason: `A consultation with ${wanted} is documented.`,
        evidence: [hitEvidence(hit)],
      };
    }
  }
  const consultText = check.consultationAllowed ? ` or a consultation with ${wanted}` : "";
  if (prescriber?.specialty) {
    const evidence = toStepEvidence(prescriber.evidence, "specialty");
    return {
      outcome: check.consultationAllowed ? "missing" : "not_met",
      answer: `No: the prescriber's specialty is ${prescriber.specialty}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}${check.consultationAllowed ? ` and no consultation with ${wanted} is documented` : ""}.`,
      reason: `The policy requires a prescriber who is ${wanted}${consultText}; ${prescriber.specialty} is not.`,
      evidence,
      missingInformation: check.consultationAllowed ? `Documentation of a consultation with ${wanted} (consult note)` : undefined,
    };
  }
  return {
    outcome: "missing",
    answer: `The case does not state the prescriber's specialty${check.consultationAllowed ? ` nor a consultation with ${wanted}` : ""}.`,
    reason: `The prescriber's specialty${consultText} is needed to check this criterion.`,
    evidence: [],
    missingInformation: `Prescriber's specialty${consultText}`,
  };
}

/** Two documents that disagree on what the criterion needs: never met, a person decides with both quoted. */
function disagree(one: string, other: string, wanted: string, evidence: CheckAnswer["evidence"]): CheckAnswer {
  return {
    outcome: "manual",
    answer: `The documents disagree: ${one}; but ${other}.`,
    reason: `needs clinician review: whether the prescriber is ${wanted} or consulted one is stated both ways`,
    evidence,
  };
}
