// The NUCC taxonomy code of each practitioner's stated specialty (lib/lexicon/specialties.ts), so FHIR can carry it.
import { specialtyCode } from "@/lib/lexicon/specialties";
import type { IntakePractitioner } from "@/lib/intake/types";

export function withTaxonomyCodes(practitioners: readonly IntakePractitioner[]): IntakePractitioner[] {
  return practitioners.map((p) => ({ ...p, taxonomyCode: p.specialty ? specialtyCode(p.specialty) : null }));
}
