import { z } from "zod";

/** GET /prior_auths/{id}/intake query: the spec's shape (2.3) or a standard R4 Bundle; provenance on request. */
export const ZIntakeQuery = z.strictObject({
  format: z.enum(["spec", "bundle"]).default("spec"),
  include: z.enum(["provenance"]).optional(),
});

const resource = (type: string) => z.looseObject({ resourceType: z.literal(type), id: z.string() });

/** Spec 2.3: FHIR R4 resources under `fhir` (their full structure is FHIR's; validated against R4 in tests). */
export const ZIntakeResponse = z.looseObject({
  fhir: z.object({
    patient: resource("Patient").nullable(),
    practitioners: z.array(resource("Practitioner")),
    diagnoses: z.array(resource("Condition")),
    medication_requests: z.array(resource("MedicationRequest")),
  }),
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
  provenance: z.array(z.record(z.string(), z.unknown())).optional(),
  npi_checks: z.array(z.object({ npi: z.string().nullable(), valid: z.boolean().nullable() })).optional(),
  warnings: z.array(z.string()).optional(),
});

/** ?format=bundle: a FHIR R4 collection Bundle (application/fhir+json). */
export const ZIntakeBundle = z.looseObject({
  resourceType: z.literal("Bundle"),
  type: z.string(),
  entry: z.array(z.looseObject({ fullUrl: z.string().optional(), resource: z.looseObject({ resourceType: z.string() }) })),
});
