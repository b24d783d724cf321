// Plain-data contract between the document readers, the intake extractors, the FHIR builders and the policy engine.
// Every fact carries the evidence it was read from, so reviewers can trace it back to a page and a quote.
import type { IdentityConflict } from "./identity-conflicts";

/** Where a fact was read: a document, a page (1-based; null for JSON input), a character span and the quoted text. */
export interface Evidence {
  documentId: string;
  /** Page number, 1-based, for PDF and text documents; null for JSON (then `path` says where). */
  page: number | null;
  /** Character span [start, end) inside that page's text as stored (`SourceDocument.pages[i].text`). */
  start: number;
  end: number;
  quote: string;
  /** For JSON input: a JSON path like `entry[3].resource.birthDate`. */
  path?: string;
  /** True when the page's text came from text recognition (OCR) of its image, not from a text layer. */
  recognised?: boolean;
  /** Which fact field this evidence supports, e.g. "birthDate", "npi", "icd10". */
  field?: string;
}

export type Gender = "male" | "female" | "other" | "unknown";

export interface Coding {
  system: string;
  code: string;
  display?: string;
}

export interface IntakePatient {
  given: string[];
  family: string | null;
  birthDate: string | null; // YYYY-MM-DD
  gender: Gender | null;
  memberId: string | null;
  phone: string | null;
  address: PostalAddress | null;
  evidence: Evidence[];
  /** Age in years as a document states it ("2yo M"), when given. */
  ageYears?: number | null;
}

export interface PostalAddress {
  line: string[];
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface IntakePractitioner {
  npi: string | null;
  /** Luhn check over the 80840 prefix; null when there is no NPI. An invalid NPI is kept, never "fixed". */
  npiValid: boolean | null;
  prefix: string[];
  given: string[];
  family: string | null;
  specialty: string | null;
  /** NUCC Health Care Provider Taxonomy code of the specialty (lib/lexicon/specialties.ts), when it names one. */
  taxonomyCode?: string | null;
  phone: string | null;
  fax: string | null;
  address: PostalAddress | null;
  role: "prescriber" | "other";
  evidence: Evidence[];
}

export interface IntakeDiagnosis {
  /** ICD-10-CM codes, dotted form (G40.811). */
  icd10: string[];
  name: string | null;
  /** Codings of other systems kept as they came (SNOMED CT, ...), never relabelled as ICD-10. */
  otherCodings: Coding[];
  clinicalStatus: "active" | "recurrence" | "relapse" | "inactive" | "remission" | "resolved";
  verificationStatus: "confirmed" | "provisional" | "differential" | "unconfirmed";
  onsetDate: string | null;
  notes: string[];
  evidence: Evidence[];
  /**
   * "stated" when a document gave the ICD-10-CM code; "inferred" when no code was given and the code is the
   * ICD-10-CM (sub)category whose title matches the diagnosis name (then it is a category, not a billable code).
   */
  icd10Source?: "stated" | "inferred";
  /** Per code of `icd10` (same order): its official FY2026 title, whether it is billable, the code it was resolved from. */
  icd10Details?: Icd10Detail[];
}

export interface Icd10Detail {
  code: string;
  /** Official long title (ICD-10-CM FY2026); null for a code that does not exist. */
  title: string | null;
  billable: boolean;
  /** The category as written, when the documents' words chose this billable code under it. */
  resolvedFrom?: string;
  /** "K50.9 is a category, not billable: ..." when no billable code could be chosen. */
  warning?: string;
}

export interface IntakeMedicationRequest {
  /** Drug name as written, e.g. "Epidiolex (cannabidiol)"; a strength and form written with it on a form are `strength` and `dosageForm` (structured input keeps its display text). */
  name: string;
  /** Normalised 11-digit NDC (5-4-2, no hyphens) when given. */
  ndc: string | null;
  /** Other codings (RxNorm ...), never relabelled as NDC. */
  otherCodings: Coding[];
  strength: string | null;
  doseValue: string | null;
  doseUnit: string | null;
  route: string | null;
  directions: string | null;
  quantity: number | null;
  quantityUnit: string | null;
  daysSupply: number | null;
  refills: number | null;
  /** Dosage form as written ("oral tablet", "solution"), when given apart from the name. */
  dosageForm?: string | null;
  /** ICD-10 codes or text the request is for. */
  reasons: string[];
  evidence: Evidence[];
}

/** A treatment tried before this request, as stated in notes or forms (the claims come separately). */
export interface PriorTreatment {
  drug: string;
  outcome: "failed" | "inadequate_response" | "intolerant" | "contraindicated" | "ongoing" | "unknown";
  startDate: string | null;
  endDate: string | null;
  durationDays: number | null;
  evidence: Evidence[];
}

export interface LabResult {
  name: string;
  value: string;
  unit: string | null;
  date: string | null;
  evidence: Evidence[];
}

export interface ProcedureRequest {
  code: string; // CPT / HCPCS
  system: "CPT" | "HCPCS";
  display: string | null;
  evidence: Evidence[];
}

export interface IntakeFacts {
  patient: IntakePatient | null;
  practitioners: IntakePractitioner[];
  diagnoses: IntakeDiagnosis[];
  medicationRequests: IntakeMedicationRequest[];
  priorTreatments: PriorTreatment[];
  labs: LabResult[];
  procedures: ProcedureRequest[];
  /** Free-form question/answer pairs (ePA questions, form check boxes). */
  answers: { question: string; answer: string; evidence: Evidence[] }[];
  /** Problems a reviewer should know about (invalid NPI, unknown ICD-10 category, conflicting values). */
  warnings: string[];
  /** The patient's name, date of birth or sex stated differently by two documents (each also a warning). */
  identityConflicts?: IdentityConflict[];
  /** The patient's insurance: member ID, payer, plan and group, with where each was read. Null or absent when unknown. */
  coverage?: IntakeCoverage | null;
}

/** Insurance coverage as the documents state it (forms, the ePA payload, FHIR Coverage resources). */
export interface IntakeCoverage {
  /** Member / subscriber / insurance ID (the same value as the patient's `memberId`). */
  memberId: string | null;
  /** The payer (insurer, health plan) by name. */
  payer: string | null;
  plan: string | null;
  group: string | null;
  /** Evidence per value, `field` one of memberId, payer, plan, group. */
  evidence: Evidence[];
}
