// The one table of the /fhir endpoint's refusals: each named kind of lib/pas/pas-refusal.ts and the HTTP status and
// OperationOutcome issue code it answers. The domain returns the kind and never sees these numbers.
import type { OperationOutcomeIssue } from "@medplum/fhirtypes";
import type { PasRefusal, PasRefusalKind } from "@/lib/pas/pas-refusal";
import { problemsOutcome } from "@/lib/fhir/pas/problems-outcome";
import { fhirJson } from "./responses";

export const PAS_REFUSAL_STATUS: Record<PasRefusalKind, { status: number; code: OperationOutcomeIssue["code"] }> = {
  invalid: { status: 400, code: "invalid" },
  not_found: { status: 404, code: "not-found" },
  cancelled: { status: 409, code: "conflict" },
  not_supported: { status: 422, code: "not-supported" },
  unprocessable: { status: 422, code: "processing" },
  too_large: { status: 413, code: "too-costly" },
};

/** A refusal as the OperationOutcome naming each problem by its FHIRPath expression, with its kind's status. */
export function pasRefusalResponse(refusal: PasRefusal): Response {
  const { status, code } = PAS_REFUSAL_STATUS[refusal.refused];
  return fhirJson(problemsOutcome(refusal.problems, code), { status });
}
