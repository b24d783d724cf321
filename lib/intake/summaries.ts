// Short factual summaries of a diagnosis and of a medication request, written only from the extracted facts (no
// model, no outside knowledge), so the same facts always give the same words. They fill the `ai-summary` extensions.
import { formatNdc11 } from "@/lib/lexicon/codes/ndc";
import { medicationText } from "./medication-text";
import type { IntakeDiagnosis, IntakeFacts, IntakeMedicationRequest, PriorTreatment } from "./types";

const OUTCOME_WORDS: Record<PriorTreatment["outcome"], string> = {
  failed: "failed",
  inadequate_response: "inadequate response",
  intolerant: "intolerant",
  contraindicated: "contraindicated",
  ongoing: "ongoing",
  unknown: "outcome not stated",
};

const MAX_TREATMENTS = 6;
/** Longest summary: long directions or many treatments are cut at a word, with an ellipsis. */
const MAX_LENGTH = 320;

const clip = (text: string) => (text.length <= MAX_LENGTH ? text : `${text.slice(0, MAX_LENGTH - 1).replace(/[\s,;:]+\S*$/, "")}…`);

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** "2023-01-15" stays; "2023-01" stays; anything else is dropped. */
const isoDate = (d: string | null) => (d && /^\d{4}(?:-\d{2}){0,2}$/.test(d) ? d : null);

function treatmentList(treatments: PriorTreatment[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const t of treatments) {
    const key = clean(t.drug).toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const when = isoDate(t.startDate) ? `, from ${t.startDate}${isoDate(t.endDate) ? ` to ${t.endDate}` : ""}` : "";
    parts.push(`${clean(t.drug)} (${OUTCOME_WORDS[t.outcome]}${when})`);
  }
  if (parts.length > MAX_TREATMENTS) return `${parts.slice(0, MAX_TREATMENTS).join(", ")} and ${parts.length - MAX_TREATMENTS} more`;
  return parts.join(", ");
}

/** The diagnoses that prior treatments are told with: those a medication request is for, else the first one. */
function treatmentDiagnoses(facts: IntakeFacts): Set<IntakeDiagnosis> {
  const reasons = new Set(facts.medicationRequests.flatMap((m) => m.reasons.map((r) => r.toUpperCase())));
  const linked = facts.diagnoses.filter((d) => d.icd10.some((c) => reasons.has(c.toUpperCase())));
  return new Set(linked.length ? linked : facts.diagnoses.slice(0, 1));
}

export function intakeSummaries(facts: IntakeFacts): {
  diagnosis(dx: IntakeDiagnosis): string;
  medication(mr: IntakeMedicationRequest): string;
} {
  const withTreatments = treatmentDiagnoses(facts);
  const treatments = treatmentList(facts.priorTreatments);

  return {
    diagnosis(dx) {
      const name = clean(dx.name) || "Diagnosis";
      const codes = dx.icd10.length ? ` (${dx.icd10.join(", ")}${dx.icd10Source === "inferred" ? ", category inferred from the name" : ""})` : "";
      const parts = [`${name}${codes}`];
      if (dx.verificationStatus !== "confirmed") parts.push(dx.verificationStatus);
      if (dx.clinicalStatus !== "active") parts.push(dx.clinicalStatus);
      if (isoDate(dx.onsetDate)) parts.push(`onset ${dx.onsetDate}`);
      let text = parts.join(", ");
      if (treatments && withTreatments.has(dx)) text += `; prior treatments: ${treatments}`;
      return clip(text);
    },
    medication(mr) {
      const parts = [medicationText(mr) || "Medication"];
      if (mr.ndc) parts.push(`NDC ${formatNdc11(mr.ndc)}`);
      const amount = mr.quantity !== null ? [mr.quantity, mr.quantityUnit].filter((v) => v !== null && v !== "").join(" ") : "";
      const supply = mr.daysSupply !== null ? `${mr.daysSupply} days` : "";
      if (amount || supply) parts.push(amount && supply ? `${amount} for ${supply}` : amount || `${supply} supply`);
      let text = parts.join(", ");
      if (mr.directions) text += `: ${clean(mr.directions).replace(/[.;]+$/, "")}`;
      else if (mr.route) text += `: ${mr.route}`;
      if (mr.refills !== null) text += `; ${mr.refills} refill${mr.refills === 1 ? "" : "s"}`;
      if (mr.reasons.length) text += `; for ${mr.reasons.join(", ")}`;
      return clip(text);
    },
  };
}
