// The `fhir` object of the intake response (SPEC 2.3), built from the extracted intake facts. Pure: the same facts
// and options always give the same output, ids included.
import type { IntakeDiagnosis, IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import type { BuildIntakeFhirOptions, IntakeFhir, IntakeSummaries } from "@/lib/fhir/intake-fhir-types";
import { buildCondition, defaultDiagnosisSummary } from "@/lib/fhir/build-condition";
import { buildMedicationRequest, defaultMedicationSummary } from "@/lib/fhir/build-medication-request";
import { buildPatient } from "@/lib/fhir/build-patient";
import { buildPractitioner } from "@/lib/fhir/build-practitioner";
import { nonBlank } from "@/lib/fhir/fhir-values";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";

export function buildIntakeFhir(facts: IntakeFacts, opts: BuildIntakeFhirOptions): IntakeFhir {
  const ids = intakeResourceIds(facts, opts.priorAuthId);
  const summaries = withDefaultSummaries(opts.summaries);
  // Conditions and MedicationRequests point at the Patient of the same response (FHIR requires their subject).
  const subject = { reference: `Patient/${ids.patient}`, type: "Patient" };
  return {
    patient: buildPatient(facts.patient, ids.patient, facts.coverage?.memberId),
    practitioners: facts.practitioners.map((p, i) => buildPractitioner(p, ids.practitioners[i])),
    diagnoses: facts.diagnoses.map((dx, i) =>
      buildCondition(dx, ids.diagnoses[i], { extensionBase: opts.extensionBase, summary: summaries.diagnosis(dx), subject }),
    ),
    medication_requests: facts.medicationRequests.map((mr, i) =>
      buildMedicationRequest(mr, ids.medicationRequests[i], {
        extensionBase: opts.extensionBase,
        summary: summaries.medication(mr),
        subject,
        diagnoses: facts.diagnoses,
      }),
    ),
  };
}

/** The given summaries, falling back to a plain factual one where a summary is missing or blank. */
export function withDefaultSummaries(summaries: IntakeSummaries | undefined): IntakeSummaries {
  return {
    diagnosis: (dx: IntakeDiagnosis) => nonBlank(summaries?.diagnosis(dx)) ?? defaultDiagnosisSummary(dx),
    medication: (mr: IntakeMedicationRequest) => nonBlank(summaries?.medication(mr)) ?? defaultMedicationSummary(mr),
  };
}
