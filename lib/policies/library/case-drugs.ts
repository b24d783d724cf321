// The drugs a case asks for, as a policy section is chosen by: the drug named on the request itself first, then the
// names and NDCs of its medication requests.
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseDrugs } from "./choose-section";

export function caseDrugsOf(material: { facts: IntakeFacts; priorAuth: { drugName?: string | null } }): CaseDrugs {
  const meds = material.facts.medicationRequests ?? [];
  const drugs: CaseDrugs = {
    ndcs: [...new Set(meds.flatMap((m) => (m.ndc ? [m.ndc] : [])))],
    drugNames: [...new Set([material.priorAuth.drugName ?? "", ...meds.map((m) => m.name)].filter((n): n is string => !!n && !!n.trim()))],
  };
  // The requested product's strength and form (the first request's), which order sections of one drug.
  const product = meds[0];
  if (product?.strength) drugs.strength = product.strength;
  if (product?.dosageForm) drugs.dosageForm = product.dosageForm;
  return drugs;
}
