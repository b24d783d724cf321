import type { Evidence, PriorTreatment } from "@/lib/intake/types";
import type { TreatmentHit } from "./find-prior-treatments";

/** A PriorTreatment from a recognised trial; an alias written with the drug is kept in its name ("everolimus (Afinitor)"). */
export function treatmentFrom(hit: TreatmentHit, evidence: Evidence[]): PriorTreatment {
  const drug = hit.alias && !hit.drug.toLowerCase().includes(hit.alias.toLowerCase()) ? `${hit.drug} (${hit.alias})` : hit.drug;
  return {
    drug: drug.replace(/[.;,:]+$/, "").trim(),
    outcome: hit.outcome,
    startDate: hit.startDate,
    endDate: hit.endDate,
    durationDays: hit.durationDays,
    evidence,
  };
}
