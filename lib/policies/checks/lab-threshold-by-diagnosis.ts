// Which value of a diagnosis-dependent lab threshold applies ("70 mg/dL for clinical ASCVD, or 100 mg/dL for HeFH
// without ASCVD"): the first alternative, in the policy's order, whose diagnosis the case confirms. None confirmed is a
// request for the diagnosis, never the lowest value.
import { cite, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { matchDiagnoses } from "./answer-diagnosis";

type Alternative = NonNullable<CheckOf<"lab_threshold">["byDiagnosis"]>[number];

const named = (a: Alternative) => listWords(a.names.length ? a.names : a.icd10Prefixes, "or");

export function thresholdForDiagnosis(alternatives: readonly Alternative[], ctx: CaseContext): { value: { value: number; because: string }; answer?: never } | { value?: never; answer: CheckAnswer } {
  for (const alt of alternatives) {
    const match = matchDiagnoses(ctx.facts.diagnoses ?? [], alt.names, alt.icd10Prefixes).find((m) => m.diagnosis.verificationStatus === "confirmed");
    if (!match) continue;
    const evidence = toStepEvidence(match.diagnosis.evidence);
    return { value: { value: alt.value, because: `${named(alt)}: ${match.detail}${evidence.length ? `, ${cite(ctx, evidence)}` : ""}` } };
  }
  const options = alternatives.map((a) => `${a.value} for ${named(a)}`).join("; ");
  return {
    answer: {
      outcome: "missing",
      answer: `The threshold depends on the diagnosis (${options}); the case confirms none of these diagnoses.`,
      reason: `The diagnosis that sets the threshold is not documented.`,
      evidence: [],
      missingInformation: `Diagnosis that sets the threshold: ${alternatives.map(named).join(" or ")}`,
    },
  };
}
