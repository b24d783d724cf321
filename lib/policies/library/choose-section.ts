// Picks the section of a policy document bound to the case's drug: by NDC first, then by name (brand or generic),
// then a class section whose class holds the drug; a combination product's section only for a request naming all of
// its ingredients. Among several bound to the drug, the one whose strength and dosage form match the request's
// (sumatriptan 50 mg, not 100 mg; ondansetron 8 mg tablet, not 4 mg/5 mL oral solution), else one without a
// conflicting strength or form; then the most specific binding (fewest names), then the document's order. Strength
// and form only order sections of the requested drug: they never bring in another drug's section. Null when no section is bound to the drug: the caller answers 422, never another drug's criteria.
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import type { DrugPolicySection } from "../read/types";
import { productFit, productForm, type ProductForm } from "@/lib/lexicon/product-form";
import { drugMatchesBinding, requestedDrugNames } from "./drug-binding-matches";

export interface CaseDrugs {
  ndcs: string[];
  drugNames: string[];
  /** The requested product's strength and dosage form as the request states them apart from its name. */
  strength?: string | null;
  dosageForm?: string | null;
}

export type SectionMatch = "ndc" | "name" | "class";

const ndc11 = (code: string) => normalizeNdc(code) ?? code.replace(/\D/g, "");

export function chooseSection<S extends Pick<DrugPolicySection, "drugs">>(sections: readonly S[], drugs: CaseDrugs): { section: S; matchedBy: SectionMatch } | null {
  const caseNdcs = new Set(drugs.ndcs.map(ndc11));
  const specificity = (s: S) => s.drugs.names.length + s.drugs.ndcs.length;
  const requested = requestedProduct(drugs);
  const fit = new Map<S, { matches: number; conflicts: number }>();
  const fitOf = (s: S) => {
    if (!fit.has(s)) fit.set(s, productFit(requested, productForm([(s as { label?: string }).label ?? "", ...s.drugs.names].join(" ; "))));
    return fit.get(s) as { matches: number; conflicts: number };
  };
  const first = (list: S[]) =>
    [...list].sort(
      (a, b) =>
        fitOf(a).conflicts - fitOf(b).conflicts || fitOf(b).matches - fitOf(a).matches || specificity(a) - specificity(b) || sections.indexOf(a) - sections.indexOf(b),
    )[0];
  const byNdc = sections.filter((s) => s.drugs.ndcs.some((n) => caseNdcs.has(ndc11(n))));
  if (byNdc.length) return { section: first(byNdc), matchedBy: "ndc" };
  // The requested drug (the first name); a later name only after names that are no known drug (requestedDrugNames).
  for (const drug of requestedDrugNames(drugs.drugNames)) {
    const matches = sections.map((s) => ({ s, match: drugMatchesBinding(drug, s.drugs.names) }));
    const byName = matches.filter((m) => m.match === "name").map((m) => m.s);
    if (byName.length) return { section: first(byName), matchedBy: "name" };
    const byClass = matches.filter((m) => m.match === "class").map((m) => m.s);
    if (byClass.length) return { section: first(byClass), matchedBy: "class" };
  }
  return null;
}

/** The requested product: the strength and form the request states, else those written in the first drug name. */
function requestedProduct(drugs: CaseDrugs): ProductForm {
  const stated = productForm([drugs.strength ?? "", drugs.dosageForm ?? ""].join(" "));
  const written = productForm(drugs.drugNames[0] ?? "");
  return { strengths: stated.strengths.length ? stated.strengths : written.strengths, forms: stated.forms.length ? stated.forms : written.forms };
}
