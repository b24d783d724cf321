import { z } from "zod";

/** A PAS request (POST /fhir/Claim/$submit) as it was received for a case: the initial request, then each update. */
export const ZPasSubmission = z.object({
  id: z.uuid(),
  /** `system|value` of the Bundle's identifier (null when it had none). */
  bundle_identifier: z.string().nullable(),
  /** `system|value` of the Claim's identifier. */
  claim_identifier: z.string(),
  /** The Bundle exactly as received (application/fhir+json). */
  request_bundle: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const ZPasSubmissionList = z.object({ data: z.array(ZPasSubmission) });
export type TPasSubmission = z.infer<typeof ZPasSubmission>;
