// The `fhir` object of GET /prior_auths/{id}/intake, in the shape of SPEC.md 2.3. It is FHIR-like, not strict R4:
// gender is a single letter, doseQuantity.value is a string, medicationCodeableConcept has a `display`, and unknown
// strings are empty strings (the spec's own convention for `given` and `country`). The strict R4 form of the same
// facts is the Bundle of build-intake-bundle.ts.
import type { MedicationRequestDispenseRequest } from "@medplum/fhirtypes";
import type { IntakeDiagnosis, IntakeMedicationRequest } from "@/lib/intake/types";

export interface SpecCoding {
  system: string;
  code: string;
  display: string;
}

export interface SpecPatient {
  resourceType: "Patient";
  id: string;
  active: boolean;
  name: { use: "official"; given: string[]; family: string }[];
  gender: "M" | "F" | "O" | "U";
  /** YYYY-MM-DD; absent when the intake has no full birth date (an empty string would not be a date). */
  birthDate?: string;
}

export interface SpecPractitioner {
  resourceType: "Practitioner";
  id: string;
  active: boolean;
  identifier: {
    use: "official";
    type: { coding: SpecCoding[] };
    system: string;
    value: string;
  }[];
  name: { use: "official"; given: string[]; family: string; prefix: string[] }[];
  telecom: { system: "phone" | "fax"; value: string; use: "work" }[];
  address: {
    use: "work";
    type: "both";
    country: string;
    line?: string[];
    city?: string;
    state?: string;
    postalCode?: string;
  }[];
  qualification: { code: { text: string } }[];
}

export interface SpecCondition {
  resourceType: "Condition";
  id: string;
  clinicalStatus: { coding: SpecCoding[] };
  verificationStatus: { coding: SpecCoding[] };
  code: { coding: SpecCoding[]; text: string };
  note: { text: string }[];
  extension: { url: string; valueString: string }[];
  meta: { tag: SpecCoding[] };
}

export type SpecMedicationRequestExtension =
  | { url: string; valueDecimal: number }
  | { url: string; valueString: string };

export interface SpecMedicationRequest {
  resourceType: "MedicationRequest";
  id: string;
  status: "active";
  intent: "order";
  medicationCodeableConcept: { display: string; text: string; coding: SpecCoding[] };
  dosageInstruction: {
    text: string;
    route: { text: string };
    doseAndRate: { doseQuantity: { value: string; unit: string } }[];
  }[];
  reasonCode: { text: string }[];
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
