// Where each FHIR resource of the intake came from (`?include=provenance`): one row per piece of evidence, keyed by
// the resource it supports, so a reviewer can go from a field to a page and a quote.
import type { Evidence, IntakeFacts } from "@/lib/intake/types";
import type { IntakeResourceIds } from "@/lib/fhir/resource-ids";

export type ProvenanceResource =
  | `Patient/${string}`
  | `Practitioner/${string}`
  | `Condition/${string}`
  | `MedicationRequest/${string}`;

export interface ProvenanceEntry {
  resource: ProvenanceResource;
  /** The fact field the evidence supports ("birthDate", "npi", "icd10", ...); null when the extractor did not say. */
  field: string | null;
  document_id: string;
  /** 1-based page; null for JSON documents (then `path` says where). */
  page: number | null;
  /** Character span [start, end) in that page's stored text. */
  start: number;
  end: number;
  quote: string;
  /** JSON path for JSON documents. */
  path?: string;
  /** True when the quote was read by text recognition (OCR) of a page image, not from a text layer. */
  recognised?: boolean;
}

/**
 * The provenance rows of an intake, in resource order (patient, practitioners, diagnoses, medication requests).
 * `ids` must be the ids the resources were built with: `intakeResourceIds(facts, priorAuthId)`.
 * There are no rows for the patient when the intake has none.
 */
export function collectProvenance(facts: IntakeFacts, ids: IntakeResourceIds): ProvenanceEntry[] {
  if (
    ids.practitioners.length !== facts.practitioners.length ||
    ids.diagnoses.length !== facts.diagnoses.length ||
    ids.medicationRequests.length !== facts.medicationRequests.length
  ) {
    throw new Error("collectProvenance: the ids were not built from these facts");
  }
  return [
    ...(facts.patient ? rows(`Patient/${ids.patient}`, facts.patient.evidence) : []),
    ...facts.practitioners.flatMap((p, i) => rows(`Practitioner/${ids.practitioners[i]}`, p.evidence)),
    ...facts.diagnoses.flatMap((dx, i) => rows(`Condition/${ids.diagnoses[i]}`, dx.evidence)),
    ...facts.medicationRequests.flatMap((mr, i) =>
      rows(`MedicationRequest/${ids.medicationRequests[i]}`, mr.evidence),
    ),
  ];
}

function rows(resource: ProvenanceResource, evidence: readonly Evidence[]): ProvenanceEntry[] {
  return evidence.map((ev) => ({
    resource,
    field: ev.field ?? null,
    document_id: ev.documentId,
    page: ev.page,
    start: ev.start,
    end: ev.end,
    quote: ev.quote,
    ...(ev.path !== undefined ? { path: ev.path } : {}),
    ...(ev.recognised ? { recognised: true } : {}),
  }));
}
