import { z } from "zod";

/** GET /prior_auths/{id}/intake query: the spec's shape (2.3) or a standard R4 Bundle; provenance on request. */
export const ZIntakeQuery = z.strictObject({
  format: z.enum(["spec", "bundle"]).default("spec"),
  include: z.enum(["provenance"]).optional(),
});

// The spec-shaped resources: the fields the service writes and the portal reads (their full structure is FHIR R4's;
// every intake resource is validated against R4 in tests). Loose: FHIR allows more than is listed here.
const ZCoding = z.looseObject({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });
const ZCodeable = z.looseObject({ coding: z.array(ZCoding).optional(), text: z.string().optional() });
const ZQuantity = z.looseObject({ value: z.union([z.number(), z.string()]).optional(), unit: z.string().optional() });
const ZHumanName = z.looseObject({ given: z.array(z.string()).optional(), family: z.string().optional(), prefix: z.array(z.string()).optional() });

export const ZFhirPatient = z.looseObject({
  resourceType: z.literal("Patient"),
  id: z.string(),
  identifier: z.array(z.looseObject({ type: ZCodeable.optional(), system: z.string().optional(), value: z.string().optional() })).optional(),
  name: z.array(ZHumanName).optional(),
  gender: z.string().optional(),
  birthDate: z.string().optional(),
});

export const ZFhirPractitioner = z.looseObject({
  resourceType: z.literal("Practitioner"),
  id: z.string(),
  identifier: z.array(z.looseObject({ system: z.string().optional(), value: z.string().optional() })).optional(),
  name: z.array(ZHumanName).optional(),
  telecom: z.array(z.looseObject({ system: z.string().optional(), value: z.string().optional() })).optional(),
  qualification: z.array(z.looseObject({ code: ZCodeable.optional() })).optional(),
});

export const ZFhirCondition = z.looseObject({
  resourceType: z.literal("Condition"),
  id: z.string(),
  code: ZCodeable.optional(),
  clinicalStatus: ZCodeable.optional(),
});

export const ZFhirMedicationRequest = z.looseObject({
  resourceType: z.literal("MedicationRequest"),
  id: z.string(),
  medicationCodeableConcept: ZCodeable.extend({ display: z.string().optional() }).optional(),
  dosageInstruction: z
    .array(z.looseObject({ text: z.string().optional(), route: ZCodeable.optional(), doseAndRate: z.array(z.looseObject({ doseQuantity: ZQuantity.optional() })).optional() }))
    .optional(),
  dispenseRequest: z.looseObject({ quantity: ZQuantity.optional(), expectedSupplyDuration: ZQuantity.optional() }).optional(),
  reasonCode: z.array(ZCodeable).optional(),
  extension: z.array(z.looseObject({ url: z.string(), valueString: z.string().optional(), valueDecimal: z.number().optional() })).optional(),
});

/** With ?include=provenance: one row per piece of evidence, keyed by the resource it supports. */
export const ZProvenanceEntry = z.object({
  resource: z.string(),
  /** The fact field the evidence supports ("birthDate", "npi", "icd10", ...); null when the extractor did not say. */
  field: z.string().nullable(),
  document_id: z.string(),
  /** 1-based page; null for JSON documents (then `path` says where). */
  page: z.number().int().nullable(),
  /** Character span [start, end) in that page's stored text. */
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  path: z.string().optional(),
  /** Read by text recognition (OCR) of a page image, not from a text layer. */
  recognised: z.boolean().optional(),
});

/** Spec 2.3: FHIR R4 resources under `fhir` (their full structure is FHIR's; validated against R4 in tests). */
export const ZIntakeResponse = z.looseObject({
  fhir: z.object({
    patient: ZFhirPatient.nullable(),
    practitioners: z.array(ZFhirPractitioner),
    diagnoses: z.array(ZFhirCondition),
    medication_requests: z.array(ZFhirMedicationRequest),
  }),
  /**
   * The facts a person corrected (POST /corrections), the latest per field, each with its provenance: the document's
   * words, or "phone" / "reviewer". Those values are the ones in `fhir` above; a re-read of the documents keeps them.
   */
  corrections: z
    .array(
      z.object({
        field: z.string(),
        value: z.unknown(),
        source: z.looseObject({ kind: z.enum(["document", "phone", "reviewer"]) }),
        note: z.string().nullable(),
        corrected_by: z.string(),
        corrected_at: z.string(),
      }),
    )
    .optional(),
  /** The patient's name, date of birth or sex stated differently by two documents: shown first; an approval needs a person. */
  identity_conflicts: z
    .array(
      z.object({
        field: z.enum(["name", "birthDate", "gender"]),
        documents: z.array(z.string()),
        values: z.array(z.object({ value: z.string(), document: z.string(), document_id: z.string().optional() })),
        approval_needs_person: z.literal(true),
      }),
    )
    .optional(),
  /** Insurance read from the documents (forms, ePA payload, FHIR Coverage). */
  coverage: z
    .object({ member_id: z.string().nullable(), payer: z.string().nullable(), plan: z.string().nullable(), group: z.string().nullable() })
    .nullable()
    .optional(),
  /** The requested procedures or services (CPT/HCPCS), first the one requested, each with the words it was read from (none when corrected by phone or by the reviewer). */
  requested_services: z
    .array(
      z.object({
        code: z.string(),
        system: z.enum(["CPT", "HCPCS"]),
        display: z.string().nullable(),
        evidence: z.array(z.object({ document_id: z.string(), page: z.number().int().nullable(), start: z.number().int(), end: z.number().int(), quote: z.string(), path: z.string().optional() })),
      }),
    )
    .optional(),
  /** Per Condition: each ICD-10-CM code with its FY2026 title, whether it is billable, and the warning when it is not. */
  diagnosis_codes: z
    .array(
      z.object({
        condition_id: z.string(),
        code: z.string(),
        title: z.string().nullable(),
        billable: z.boolean(),
        resolved_from: z.string().optional(),
        warning: z.string().optional(),
        source: z.enum(["stated", "inferred"]),
      }),
    )
    .optional(),
  /** With ?include=provenance: where each value was read (document, page, quoted text). */
  provenance: z.array(ZProvenanceEntry).optional(),
  npi_checks: z.array(z.object({ npi: z.string().nullable(), valid: z.boolean().nullable() })).optional(),
  warnings: z.array(z.string()).optional(),
});

/** ?format=bundle: a FHIR R4 collection Bundle (application/fhir+json). */
export const ZIntakeBundle = z.looseObject({
  resourceType: z.literal("Bundle"),
  type: z.string(),
  entry: z.array(z.looseObject({ fullUrl: z.string().optional(), resource: z.looseObject({ resourceType: z.string() }) })),
});
