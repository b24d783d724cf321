// The same intake as a strict FHIR R4 Bundle (type collection), for export and validation. Unlike the SPEC 2.3
// shape it uses standard codes and types, and links the resources: Condition and MedicationRequest have a subject,
// MedicationRequest a requester (the first prescriber) and reason references (Conditions whose ICD-10 code it names).
//
// Every entry's fullUrl is `urn:uuid:<id>` and references use that same form: in a Bundle, a relative reference
// like `Patient/<id>` only resolves against a RESTful fullUrl, never against a urn:uuid one (FHIR R4 Bundle,
// "Resolving references in Bundles"). Each reference also carries its `type`.
import type { Bundle, Condition, Patient, Practitioner, Reference, Resource } from "@medplum/fhirtypes";
import type { IntakeFacts } from "@/lib/intake/types";
import type { BuildIntakeFhirOptions } from "@/lib/fhir/intake-fhir-types";
import { buildConditionResource } from "@/lib/fhir/build-condition";
import { buildCoverageResource, coverageOf } from "@/lib/fhir/build-coverage";
import { withDefaultSummaries } from "@/lib/fhir/build-intake-fhir";
import { buildMedicationRequestResource } from "@/lib/fhir/build-medication-request";
import { buildPatientResource } from "@/lib/fhir/build-patient";
import { buildPractitionerResource } from "@/lib/fhir/build-practitioner";
import { intakeResourceIds, stableResourceId } from "@/lib/fhir/resource-ids";

export interface BuildIntakeBundleOptions extends BuildIntakeFhirOptions {
  /** Bundle.timestamp (an instant with zone); left out when not given, so the function stays pure. */
  timestamp?: string;
}

export function buildIntakeBundle(facts: IntakeFacts, opts: BuildIntakeBundleOptions): Bundle {
  const ids = intakeResourceIds(facts, opts.priorAuthId);
  const summaries = withDefaultSummaries(opts.summaries);
  const subject = reference<Patient>("Patient", ids.patient);

  const prescriber = facts.practitioners.findIndex((p) => p.role === "prescriber");
  const requester =
    prescriber >= 0 ? reference<Practitioner>("Practitioner", ids.practitioners[prescriber]) : undefined;

  const coverage = buildCoverageResource(coverageOf(facts), stableResourceId(opts.priorAuthId, "coverage"), subject);
  const resources: Resource[] = [
    buildPatientResource(facts.patient, ids.patient, facts.coverage?.memberId),
    ...(coverage ? [coverage] : []),
    ...facts.practitioners.map((p, i) => buildPractitionerResource(p, ids.practitioners[i])),
    ...facts.diagnoses.map((dx, i) =>
      buildConditionResource(dx, ids.diagnoses[i], {
        extensionBase: opts.extensionBase,
        summary: summaries.diagnosis(dx),
        subject,
      }),
    ),
    ...facts.medicationRequests.map((mr, i) => {
      const reasons = new Set(mr.reasons.map(normaliseCode));
      const reasonReference = facts.diagnoses.flatMap((dx, d) =>
        dx.icd10.some((code) => reasons.has(normaliseCode(code)))
          ? [reference<Condition>("Condition", ids.diagnoses[d])]
          : [],
      );
      return buildMedicationRequestResource(mr, ids.medicationRequests[i], {
        extensionBase: opts.extensionBase,
        summary: summaries.medication(mr),
        subject,
        requester,
        reasonReference,
        diagnoses: facts.diagnoses,
      });
    }),
  ];

  return {
    resourceType: "Bundle",
    id: stableResourceId(opts.priorAuthId, "bundle"),
    type: "collection",
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

function reference<T extends Resource>(type: T["resourceType"], id: string): Reference<T> {
  return { reference: `urn:uuid:${id}`, type };
}

/** "g40.811 " and "G40811" name the same ICD-10 code. */
function normaliseCode(code: string): string {
  return code.trim().toUpperCase().replace(/\./g, "");
}
