// The section of a policy document given with a request (policy_document_url, policy_payload) that applies to the
// case's drug. A document with no section for it is NoApplicablePolicy naming the drug and the document: the check never runs on
// another drug's criteria, nor on none.
import { NoApplicablePolicy } from "@/lib/errors/domain-errors";
import type { PolicyDocumentReading } from "../read/types";
import type { ParsedPolicy } from "../types";
import { chooseSection, type CaseDrugs } from "./choose-section";

export interface SectionForCase {
  parsed: ParsedPolicy;
  label: string;
  matchedBy: "ndc" | "name" | "class" | "unbound";
}

const describeDrugs = (drugs: CaseDrugs) =>
  [...drugs.drugNames.map((n) => `"${n}"`), ...drugs.ndcs.map((n) => `NDC ${n}`)].join(", ") || "(the case names no drug)";

/**
 * `documentName`: how the error names the document (its file name or URL). A document of one section that names no drug
 * (a policy whose drugs could not be read) is evaluated as before: the determination then says the policy is not
 * bound to the drug, and never approves on it.
 */
export function sectionForCase(reading: PolicyDocumentReading, drugs: CaseDrugs, documentName: string): SectionForCase {
  const [only] = reading.sections;
  if (reading.sections.length === 1 && !only.drugs.names.length && !only.drugs.ndcs.length) return { parsed: only.policy, label: only.label, matchedBy: "unbound" };
  // A request for no drug (a procedure) under a one-section policy: that section, as before sections existed.
  if (reading.sections.length === 1 && !drugs.drugNames.length && !drugs.ndcs.length) return { parsed: only.policy, label: only.label, matchedBy: "unbound" };
  const chosen = chooseSection(reading.sections, drugs);
  if (chosen) return { parsed: chosen.section.policy, label: chosen.section.label, matchedBy: chosen.matchedBy };
  const covered = reading.sections.flatMap((s) => s.drugs.names.slice(0, 2)).slice(0, 12);
  const title = reading.title ? ` "${reading.title}"` : "";
  throw new NoApplicablePolicy(
    reading.sections.length
      ? `The policy document${title} (${documentName}) has no section for the requested drug ${describeDrugs(drugs)}; it covers ${covered.join(", ")}${reading.sections.length > covered.length ? " ..." : ""}. Send the policy of this drug.`
      : `No drug's criteria could be read from the policy document${title} (${documentName}), so none apply to the requested drug ${describeDrugs(drugs)}.`,
  );
}
