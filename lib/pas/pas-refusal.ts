// Why the /fhir endpoint refuses a PAS request, by name: the domain says what went wrong and where (each problem by
// its FHIRPath expression); the HTTP status and the OperationOutcome's issue code of each kind are chosen in one place
// at the edge (lib/api/pas-refusals.ts), as lib/api/errors.ts does for the domain's errors.
import type { PasProblem } from "@/lib/fhir/pas/validate-pas";

export type PasRefusalKind =
  /** Not a PAS Bundle, or one that breaks the profiles or lacks what is needed to read it. */
  | "invalid"
  /** A Claim Update naming a claim no authorization of this workspace answers. */
  | "not_found"
  /** A Claim Update of an authorization already cancelled. */
  | "cancelled"
  /** Something the endpoint does not do (a certification type sent as an initial request). */
  | "not_supported"
  /** A valid request that cannot be carried out as sent (an update's items, a document that cannot be had). */
  | "unprocessable"
  /** A document over the size limit. */
  | "too_large";

export interface PasRefusal {
  refused: PasRefusalKind;
  problems: PasProblem[];
}

export const refuse = (refused: PasRefusalKind, problems: PasProblem[]): PasRefusal => ({ refused, problems });
