// The shapes the portal reads from /api/v1: the API's own zod schemas (z.infer), so the portal cannot drift from them.
// Type-only imports: no schema code reaches the browser.
import type { z } from "zod";
import type { TPriorAuth } from "@/lib/schemas/prior-auth";
import type { ZAuditEvent } from "@/lib/schemas/audit-event";
import type { ZDetermination } from "@/lib/schemas/determination";
import type { ZCaseDocument, ZDocument } from "@/lib/schemas/document";
import type { ZFhirCondition, ZFhirMedicationRequest, ZFhirPatient, ZFhirPractitioner, ZIntakeResponse, ZProvenanceEntry } from "@/lib/schemas/intake";
import type { ZPolicyCheckResult, ZPolicyCheckStep } from "@/lib/schemas/policy-check";
import type { ZReview } from "@/lib/schemas/review";
import type { ZClaimRecord, ZSupportingInformationList, ZTestClaim } from "@/lib/schemas/supporting-information";
import { OPEN_STATUSES } from "@/lib/prior-auths/queue-views";

/** A prior authorization as the API returns it: the API's own schema, so the portal cannot drift from it. */
export type PriorAuth = TPriorAuth;

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** GET /prior_auths/{id}/documents: a case's document with its text per page. */
export type CaseDocument = z.infer<typeof ZCaseDocument>;

/** POST /documents: the stored document. */
export type UploadedDocument = z.infer<typeof ZDocument>;

/** The API's provenance row (GET /intake?include=provenance). */
export type ProvenanceEntry = z.infer<typeof ZProvenanceEntry>;

export type FhirPatient = z.infer<typeof ZFhirPatient>;
export type FhirPractitioner = z.infer<typeof ZFhirPractitioner>;
export type FhirCondition = z.infer<typeof ZFhirCondition>;
export type FhirMedicationRequest = z.infer<typeof ZFhirMedicationRequest>;
/** GET /intake?include=provenance: the spec's resources with what the portal shows beside them. */
export type IntakeResponse = z.infer<typeof ZIntakeResponse>;

/** POST /policy_check and GET /policy_checks: numbered steps, each with its outcome and evidence. */
export type PolicyCheck = z.infer<typeof ZPolicyCheckResult>;
export type PolicyCheckStep = z.infer<typeof ZPolicyCheckStep>;
export type StepOutcome = PolicyCheckStep["outcome"];
export type StepEvidence = PolicyCheckStep["evidence"][number];

/** POST /determination and GET /determinations (approved_automatically: the rule that let the engine's approval stand). */
export type Determination = z.infer<typeof ZDetermination>;

/** POST /review and GET /reviews: a reviewer's decision, linked to the notice it issued. */
export type Review = z.infer<typeof ZReview>;
export type ReviewDecision = Review["decision"];

/** GET /prior_auths/{id}/events: the audit trail. */
export type AuditEvent = z.infer<typeof ZAuditEvent>;

/** GET /supporting_information: the claim history and the test claim attached so far. */
export type ClaimRecord = z.infer<typeof ZClaimRecord>;
export type TestClaim = z.infer<typeof ZTestClaim>;
export type SupportingInformation = z.infer<typeof ZSupportingInformationList>;

/** Statuses in which the decision clock runs (the queue's views use the same set). */
export { OPEN_STATUSES };
/** Statuses a reviewer can decide from (the review route accepts these). */
export const DECIDABLE_STATUSES = ["Succeeded", "pending_review", "request_for_information", "approved", "denied"] as const;
/** Statuses the lifecycle lets a case be cancelled from (lib/prior-auths/states.ts). */
export const CANCELLABLE_STATUSES = ["Processing", "Succeeded", "pending_review", "request_for_information"] as const;
