// Prescriber specialty: the prescriber's stated specialty (synonyms: neurologist ~ neurology ~ pediatric neurology,
// oncologist ~ hematology/oncology), or, where the policy allows "in consultation with", a documented consult.
import { specialtyPatterns, specialtySatisfies } from "@/lib/lexicon/specialties";
import { bestHit, citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, listWords, manualAnswer, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

export { specialtyPatterns };

/** The prescriber's stated specialty meets the policy's wanted one: by NUCC taxonomy and the fields of medicine (lib/lexicon). */
export const specialtyMatches = (stated: string, wanted: string): boolean => specialtySatisfies(stated, wanted);

const CONSULT = /\b(?:consult\w*|referr\w*|recommendations?|seen by|evaluated by|follow(?:s|ed|ing)? (?:up )?with|co-?manag\w*|under the care of|per\b)/i;

export function answerSpecialty(check: CheckOf<"prescriber_specialty">, ctx: CaseContext): CheckAnswer {
  if (!check.specialties.length) return manualAnswer("prescribed by a physician who specializes in the condition being treated");
  const wanted = listWords(check.specialties, "or");
  const practitioners = ctx.facts.practitioners ?? [];
  const prescriber = practitioners.find((p) => p.role === "prescriber") ?? practitioners[0] ?? null;
  const name = prescriber ? [...prescriber.prefix, ...prescriber.given, prescriber.family].filter(Boolean).join(" ") : null;
  if (prescriber?.specialty && check.specialties.some((s) => specialtyMatches(prescriber.specialty as string, s))) {
    const evidence = toStepEvidence(prescriber.evidence, "specialty");
    return { outcome: "met", answer: `Yes: the prescriber${name ? `, ${name},` : ""} specializes in ${prescriber.specialty}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`, reason: `${prescriber.specialty} is ${wanted}.`, evidence };
  }
  if (check.consultationAllowed) {
    const hits = searchDocuments(ctx.documents, { pattern: new RegExp(`(?:${check.specialties.flatMap(specialtyPatterns).map((r) => r.source).join("|")})`, "i") }).filter((h) => CONSULT.test(h.quote));
    const hit = bestHit(hits);
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
