// What an upload stores: one policy per section of the document's reading, each bound to its section's drugs and
// codes, with the pages it was read from. Pure: createPolicy writes the plan in one transaction.
import { InvalidInput, UnprocessableDocument } from "@/lib/errors/domain-errors";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import type { PolicyDocumentReading, PolicyFamily } from "../read/types";
import type { ParsedPolicy } from "../types";

export interface PolicyMetadataInput {
  title?: string;
  payer?: string;
  effective_date?: string;
  ndc_codes?: string[];
  cpt_codes?: string[];
  drug_names?: string[];
}

export interface PlannedSectionPolicy {
  title: string;
  payer: string | null;
  effectiveDate: string | null;
  drugNames: string[];
  ndcCodes: string[];
  cptCodes: string[];
  family: PolicyFamily;
  sectionLabel: string;
  sectionPages: number[];
  requirementCodes: string[];
  pages: { page: number; text: string }[];
  parsed: ParsedPolicy;
}

const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * A single-drug policy keeps today's rules (the admin's metadata wins; codes it mentions stay suggestions). A document
 * of several sections binds each to what its section names; metadata that would bind every section to the same drugs
 * is refused, since it would let one drug's request select another drug's criteria.
 */
export function planSectionPolicies(reading: PolicyDocumentReading, pages: readonly { page: number; text: string }[], meta: PolicyMetadataInput, what: string): PlannedSectionPolicy[] {
  if (!reading.sections.length) throw new UnprocessableDocument(`No drug section could be read from ${what}: nothing was stored.`);
  const many = reading.sections.length > 1;
  if (many && (meta.drug_names || meta.ndc_codes || meta.cpt_codes)) {
    throw new InvalidInput(`${what} holds ${reading.sections.length} drug sections: drug_names, ndc_codes and cpt_codes would bind all of them to the same drugs. Upload without them and edit each section's policy.`);
  }
  const documentTitle = meta.title ?? reading.title;
  return reading.sections.map((section) => {
    const wanted = new Set(section.pages);
    const bindsCodes = reading.family !== "single_drug";
    return {
      title: many ? `${documentTitle}: ${section.label}` : (meta.title ?? section.policy.title),
      payer: meta.payer ?? reading.payer ?? section.policy.payer,
      effectiveDate: meta.effective_date ?? reading.effectiveDate ?? section.policy.effectiveDate,
      drugNames: meta.drug_names ?? unique(section.drugs.names),
      ndcCodes: meta.ndc_codes ?? (bindsCodes ? unique(section.drugs.ndcs.flatMap((n) => normalizeNdc(n) ?? [])) : []),
      cptCodes: meta.cpt_codes ?? (bindsCodes ? unique(section.drugs.cpts.map((c) => c.toUpperCase())) : []),
      family: reading.family,
      sectionLabel: section.label,
      sectionPages: section.pages,
      requirementCodes: section.requirementCodes ?? [],
      pages: many ? pages.filter((p) => wanted.has(p.page)).map(({ page, text }) => ({ page, text })) : pages.map(({ page, text }) => ({ page, text })),
      parsed: section.policy,
    };
  });
}
