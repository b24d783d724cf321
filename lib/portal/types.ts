// The shapes the portal reads from /api/v1 (the API's zod schemas are server-side; these are the client's view).
import type { ProvenanceEntry } from "@/lib/fhir/provenance";
import type { TPriorAuth } from "@/lib/schemas/prior-auth";
import { OPEN_STATUSES } from "@/lib/prior-auths/queue-views";

/** A prior authorization as the API returns it: the API's own schema, so the portal cannot drift from it. */
export type PriorAuth = TPriorAuth;

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface CaseDocument {
  id: string;
  document_url: string;
  file_name: string | null;
  content_type: string;
  page_count: number | null;
  size: number;
  sha256: string;
  position: number;
  pages: { page: number; text: string }[] | null;
}

export interface UploadedDocument {
  id: string;
  document_url: string;
  file_name: string | null;
  content_type: string;
  page_count: number | null;
  size: number;
}

/** The API's provenance row (GET /intake?include=provenance): one type for the route and the portal. */
export type { ProvenanceEntry };

type Coding = { system?: string; code?: string; display?: string };
type Extension = { url: string; valueString?: string; valueDecimal?: number };

export interface FhirPatient {
  resourceType: "Patient";
  id: string;
  identifier?: { type?: { coding?: Coding[] }; value?: string }[];
  name?: { given?: string[]; family?: string }[];
  gender?: string;
  birthDate?: string;
}

export interface FhirPractitioner {
  resourceType: "Practitioner";
  id: string;
  identifier?: { system?: string; value?: string }[];
  name?: { given?: string[]; family?: string; prefix?: string[] }[];
  telecom?: { system?: string; value?: string }[];
  qualification?: { code?: { text?: string } }[];
}

export interface FhirCondition {
  resourceType: "Condition";
  id: string;
  code?: { coding?: Coding[]; text?: string };
  clinicalStatus?: { coding?: Coding[] };
}

export interface FhirMedicationRequest {
  resourceType: "MedicationRequest";
  id: string;
  medicationCodeableConcept?: { display?: string; text?: string; coding?: Coding[] };
  dosageInstruction?: { text?: string; route?: { text?: string }; doseAndRate?: { doseQuantity?: { value?: string | number; unit?: string } }[] }[];
  dispenseRequest?: { quantity?: { value?: number; unit?: string }; expectedSupplyDuration?: { value?: number; unit?: string } };
  reasonCode?: { text?: string }[];
  extension?: Extension[];
}

export interface IntakeResponse {
  fhir: {
    patient: FhirPatient | null;
    practitioners: FhirPractitioner[];
    diagnoses: FhirCondition[];
    medication_requests: FhirMedicationRequest[];
  };
  provenance?: ProvenanceEntry[];
  npi_checks?: { npi: string | null; valid: boolean | null }[];
  warnings?: string[];
  /** The documents name different patients (name, date of birth or sex): shown first; an approval needs a person. */
  identity_conflicts?: { field: "name" | "birthDate" | "gender"; documents: string[]; values: { value: string; document: string; document_id?: string }[] }[];
  coverage?: { member_id: string | null; payer: string | null; plan: string | null; group: string | null } | null;
  diagnosis_codes?: { condition_id: string; code: string; title: string | null; billable: boolean; resolved_from?: string; warning?: string; source: "stated" | "inferred" }[];
}

export type StepOutcome = "met" | "not_met" | "missing" | "manual";

export interface StepEvidence {
  document_id?: string;
  page?: number | null;
  start?: number;
  end?: number;
  quote: string;
  claim_id?: string;
}

export interface PolicyCheckStep {
  step: number;
  question_or_action: string;
  answer: string;
  passed: boolean;
  reason: string;
  policy_guideline_quoted_source: string;
  outcome: StepOutcome;
  criterion_id: string;
  policy_quote: { page: number; text: string } | null;
  evidence: StepEvidence[];
  missing_information?: string;
  not_needed?: boolean;
  unmet_alternative?: boolean;
}

export interface PolicyCheck {
  id: string;
  created_at: string;
  policy: { id: string | null; version: number | null; title: string; source: string; section?: string | null };
  summary: { overall: "met" | "not_met" | "missing"; failed_steps: number[]; missing_steps: number[] };
  policy_check: PolicyCheckStep[];
}

export interface Determination {
  id: string;
  status: string;
  recommended_status?: string;
  reasoning: { step: number; description: string; source: string }[];
  recommendation: string;
  references: string[];
  summary?: string;
  missing_information?: string[];
  /** The engine's approval needed no person: the rule that allowed it. */
  approved_automatically?: { rule: string } | null;
  policy?: { title: string; version: number | null; section?: string | null };
  generated_at: string;
}

export type ReviewDecision = "approved" | "denied" | "request_for_information";

export interface Review {
  id: string;
  decision: ReviewDecision;
  note: string;
  reviewer: string;
  engine_recommendation?: string | null;
  created_at: string;
}

export interface AuditEvent {
  id: string;
  action: string;
  actor: string;
  actor_type: "api_key" | "user" | "system";
  details: unknown;
  created_at: string;
}

export interface ClaimRecord {
  claim_id: string;
  date: string;
  type: "pharmacy" | "medical";
  status: "paid" | "denied" | "pending";
  drug_name?: string;
  ndc?: string;
  procedure_code?: string;
  days_supply?: number;
}

export interface TestClaim {
  claim_id: string;
  date: string;
  status: "pending" | "approved" | "denied";
  expected_coverage?: boolean;
  adjudication_notes?: string;
}

export interface SupportingInformation {
  claim_history: ClaimRecord[];
  test_claim: TestClaim | null;
}

/** Statuses in which the decision clock runs (the queue's views use the same set). */
export { OPEN_STATUSES };
/** Statuses a reviewer can decide from (the review route accepts these). */
export const DECIDABLE_STATUSES = ["Succeeded", "pending_review", "request_for_information", "approved", "denied"] as const;
/** Statuses the lifecycle lets a case be cancelled from (lib/prior-auths/states.ts). */
export const CANCELLABLE_STATUSES = ["Processing", "Succeeded", "pending_review", "request_for_information"] as const;
