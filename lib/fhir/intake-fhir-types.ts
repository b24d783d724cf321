// The `fhir` object of GET /prior_auths/{id}/intake, in the shape of SPEC.md 2.3. It is FHIR-like, not strict R4:
// gender is a single letter, doseQuantity.value is a string, medicationCodeableConcept has a `display`; a
// Practitioner's `given` entries and `country` may be empty strings. Every other unknown value is left out. The
// strict R4 form of the same facts is the Bundle of build-intake-bundle.ts.
import type { MedicationRequestDispenseRequest } from "@medplum/fhirtypes";
import type { IntakeDiagnosis, IntakeMedicationRequest } from "@/lib/intake/types";

export interface SpecCoding {
  system: string;
  code: string;
  /** Left out when unknown. */
  display?: string;
}

/** A reference from a spec-shaped resource to the intake's Patient (`Patient/<id>`). */
export interface SpecReference {
  reference: string;
  type: string;
}

export interface SpecIdentifier {
  use?: "official" | "usual";
  type: { coding: SpecCoding[]; text?: string };
  system?: string;
  value: string;
}

// Unknown values are left out (FHIR JSON forbids "", [] and {}), except where the spec asks for them: a
// Practitioner's `name.given` entries and `address.country` may be empty strings.

export interface SpecPatient {
  resourceType: "Patient";
  id: string;
  /** The member / insurance ID (type MB), when the documents give one. */
  identifier?: SpecIdentifier[];
  active: boolean;
  name?: { use: "official"; given?: string[]; family?: string }[];
  gender: "M" | "F" | "O" | "U";
  /** YYYY-MM-DD; absent when the intake has no full birth date (an empty string would not be a date). */
  birthDate?: string;
}

export interface SpecPractitioner {
  resourceType: "Practitioner";
  id: string;
  active: boolean;
  identifier?: {
    use: "official";
    type: { coding: SpecCoding[] };
    system: string;
    value: string;
  }[];
  name?: { use: "official"; given?: string[]; family?: string; prefix?: string[] }[];
  telecom?: { system: "phone" | "fax"; value: string; use: "work" }[];
  address: {
    use: "work";
    type: "both";
    country: string;
    line?: string[];
    city?: string;
    state?: string;
    postalCode?: string;
  }[];
  /** The specialty as written, with its NUCC Health Care Provider Taxonomy code when it names one. */
  qualification?: { code: { coding?: SpecCoding[]; text: string } }[];
}

export interface SpecCondition {
  resourceType: "Condition";
  id: string;
  clinicalStatus: { coding: SpecCoding[] };
  verificationStatus: { coding: SpecCoding[] };
  /** ICD-10-CM codings only (official FY2026 titles as display); other systems go to the R4 Bundle. */
  code?: { coding?: SpecCoding[]; text?: string };
  subject: SpecReference;
  note?: { text: string }[];
  extension: { url: string; valueString: string }[];
  meta: { tag: { system: string; code: string; display?: string }[] };
}

export type SpecMedicationRequestExtension =
  | { url: string; valueDecimal: number }
  | { url: string; valueString: string };

export interface SpecReasonCode {
  coding?: SpecCoding[];
  text?: string;
}

export interface SpecMedicationRequest {
  resourceType: "MedicationRequest";
  id: string;
  status: "active";
  intent: "order";
  /** NDC codings only; RxNorm and other systems go to the R4 Bundle. */
  medicationCodeableConcept: { display: string; text: string; coding?: SpecCoding[] };
  subject: SpecReference;
  dosageInstruction?: {
    text?: string;
    route?: { text: string };
    doseAndRate?: { doseQuantity: { value: string; unit?: string } }[];
  }[];
  /** The request's own reasons, else the case's diagnoses (ICD-10-CM with official titles). */
  reasonCode?: SpecReasonCode[];
  extension: SpecMedicationRequestExtension[];
  /** Beyond the spec's fields, standard R4: the quantity with its unit and the days supply, when the request gives them. */
  dispenseRequest?: MedicationRequestDispenseRequest;
}

/** SPEC.md 2.3: the object returned under `fhir`. */
export interface IntakeFhir {
  patient: SpecPatient;
  practitioners: SpecPractitioner[];
  diagnoses: SpecCondition[];
  medication_requests: SpecMedicationRequest[];
}

/** Generated summary texts (the `ai-summary` extension). Without them the builders write a plain factual summary. */
export interface IntakeSummaries {
  diagnosis(dx: IntakeDiagnosis): string;
  medication(mr: IntakeMedicationRequest): string;
}

export interface BuildIntakeFhirOptions {
  /** Seeds the stable resource ids. */
  priorAuthId: string;
  /** Base of extension and tag URLs, e.g. `https://pa.example.com/fhir/StructureDefinition`. */
  extensionBase: string;
  summaries?: IntakeSummaries;
}
