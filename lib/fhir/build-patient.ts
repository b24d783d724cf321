// Patient: the SPEC 2.3 shape (single-letter gender) and the strict R4 resource for the Bundle.
import type { Patient } from "@medplum/fhirtypes";
import type { Gender, IntakePatient } from "@/lib/intake/types";
import type { SpecPatient } from "@/lib/fhir/intake-fhir-types";
import { V2_0203_SYSTEM } from "@/lib/fhir/fhir-systems";
import { addressParts, FHIR_DATE, FULL_DATE, nonBlank, nonBlankList, pruneEmpty } from "@/lib/fhir/fhir-values";

const GENDER_LETTER: Record<Gender, SpecPatient["gender"]> = { male: "M", female: "F", other: "O", unknown: "U" };

/**
 * SPEC 2.3 Patient. With no patient in the intake (or unknown parts) the resource still has every structural
 * field: given [], family "", gender "U"; birthDate is left out, since no string would be a true YYYY-MM-DD.
 */
export function buildPatient(patient: IntakePatient | null, id: string): SpecPatient {
  const spec: SpecPatient = {
    resourceType: "Patient",
    id,
    active: true,
    name: [{ use: "official", given: patient?.given ?? [], family: patient?.family ?? "" }],
    gender: patient?.gender ? GENDER_LETTER[patient.gender] : "U",
  };
  if (patient?.birthDate && FULL_DATE.test(patient.birthDate)) spec.birthDate = patient.birthDate;
  return spec;
}

/** Strict R4 Patient: administrative-gender codes, and only what is known (absent means unknown). */
export function buildPatientResource(patient: IntakePatient | null, id: string): Patient {
  const memberId = nonBlank(patient?.memberId);
  const phone = nonBlank(patient?.phone);
  const birthDate = patient?.birthDate && FHIR_DATE.test(patient.birthDate) ? patient.birthDate : undefined;
  const given = nonBlankList(patient?.given ?? []);
  const family = nonBlank(patient?.family);
  const address = addressParts(patient?.address ?? null);
  return pruneEmpty<Patient>({
    resourceType: "Patient",
    id,
    identifier: memberId
      ? [{ type: { coding: [{ system: V2_0203_SYSTEM, code: "MB", display: "Member Number" }] }, value: memberId }]
      : undefined,
    active: true,
    name: given.length > 0 || family ? [{ use: "official", given, family }] : undefined,
    telecom: phone ? [{ system: "phone", value: phone }] : undefined,
    gender: patient?.gender ?? undefined,
    birthDate,
    address: address ? [address] : undefined,
  });
}
