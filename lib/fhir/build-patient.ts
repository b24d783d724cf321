// Patient: the SPEC 2.3 shape (single-letter gender) and the strict R4 resource for the Bundle.
import type { Patient } from "@medplum/fhirtypes";
import type { Gender, IntakePatient } from "@/lib/intake/types";
import type { SpecPatient } from "@/lib/fhir/intake-fhir-types";
import { V2_0203_SYSTEM } from "@/lib/fhir/fhir-systems";
import { addressParts, FHIR_DATE, FULL_DATE, nonBlank, nonBlankList, pruneEmpty } from "@/lib/fhir/fhir-values";

const GENDER_LETTER: Record<Gender, SpecPatient["gender"]> = { male: "M", female: "F", other: "O", unknown: "U" };

/**
 * SPEC 2.3 Patient: the member ID as an identifier (type MB), the name parts known, gender "U" when unknown; a
 * birthDate only when it is a full date. Unknown parts are left out (no "", no []).
 */
export function buildPatient(patient: IntakePatient | null, id: string, memberId?: string | null): SpecPatient {
  const member = nonBlank(memberId ?? patient?.memberId);
  const given = nonBlankList(patient?.given ?? []);
  const family = nonBlank(patient?.family);
  const spec: SpecPatient = {
    resourceType: "Patient",
    id,
    ...(member ? { identifier: [memberIdentifier(member)] } : {}),
    active: true,
    ...(given.length > 0 || family ? { name: [{ use: "official" as const, ...(given.length ? { given } : {}), ...(family ? { family } : {}) }] } : {}),
    gender: patient?.gender ? GENDER_LETTER[patient.gender] : "U",
  };
  if (patient?.birthDate && FULL_DATE.test(patient.birthDate)) spec.birthDate = patient.birthDate;
  return spec;
}

/** The member / insurance ID as an identifier (HL7 v2-0203 MB, "Member Number"). */
export function memberIdentifier(value: string) {
  return { type: { coding: [{ system: V2_0203_SYSTEM, code: "MB", display: "Member Number" }] }, value };
}

/** Strict R4 Patient: administrative-gender codes, and only what is known (absent means unknown). */
export function buildPatientResource(patient: IntakePatient | null, id: string, coverageMemberId?: string | null): Patient {
  const memberId = nonBlank(coverageMemberId ?? patient?.memberId);
  const phone = nonBlank(patient?.phone);
  const birthDate = patient?.birthDate && FHIR_DATE.test(patient.birthDate) ? patient.birthDate : undefined;
  const given = nonBlankList(patient?.given ?? []);
  const family = nonBlank(patient?.family);
  const address = addressParts(patient?.address ?? null);
  return pruneEmpty<Patient>({
    resourceType: "Patient",
    id,
    identifier: memberId ? [memberIdentifier(memberId)] : undefined,
    active: true,
    name: given.length > 0 || family ? [{ use: "official", given, family }] : undefined,
    telecom: phone ? [{ system: "phone", value: phone }] : undefined,
    gender: patient?.gender ?? undefined,
    birthDate,
    address: address ? [address] : undefined,
  });
}
