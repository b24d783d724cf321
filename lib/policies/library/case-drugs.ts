// The drugs a case asks for, as a policy section is chosen by: NDCs and names of its medication requests, and the
// drug named on the request itself.
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseDrugs } from "./choose-section";

export function caseDrugsOf(material: { facts: IntakeFacts; priorAuth: { drugName?: string | null } }): CaseDrugs {
  const meds = material.facts.medicationRequests ?? [];
  return {
    ndcs: [...new Set(meds.flatMap((m) => (m.ndc ? [m.ndc] : [])))],
    drugNames: [...new Set([...meds.map((m) => m.name), material.priorAuth.drugName ?? ""].filter((n): n is string => !!n && !!n.trim()))],
  };
}
