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
