// MedicationRequest: the SPEC 2.3 shape (dose value and unit as strings, a `display` on the medication) and the
// strict R4 resource (dose value a decimal, subject, requester, dispense request). The NDC coding comes first;
// RxNorm and other codings follow as they came, never relabelled as NDC.
import type { Condition, MedicationRequest, MedicationRequestDispenseRequest, Patient, Practitioner, Reference } from "@medplum/fhirtypes";
import { medicationText } from "@/lib/intake/medication-text";
import type { IntakeDiagnosis, IntakeMedicationRequest } from "@/lib/intake/types";
import { icd10TitleOf } from "@/lib/fhir/build-condition";
import type { SpecCoding, SpecMedicationRequest, SpecMedicationRequestExtension, SpecReasonCode, SpecReference } from "@/lib/fhir/intake-fhir-types";
import { AI_SUMMARY, extensionUrl, ICD10_CM_SYSTEM, NDC_SYSTEM, TOTAL_UNITS_REQUESTED, UCUM_SYSTEM } from "@/lib/fhir/fhir-systems";
import { finite, nonBlank, nonBlankList, parseDecimal, pruneEmpty } from "@/lib/fhir/fhir-values";

export interface MedicationRequestContext {
  extensionBase: string;
  /** The `ai-summary` text. */
  summary: string;
}

/** A plain factual summary, used when no generated summary is given. */
export function defaultMedicationSummary(mr: IntakeMedicationRequest): string {
  const parts = [
    mr.ndc ? `NDC ${mr.ndc}` : null,
    mr.doseValue ? `dose ${[mr.doseValue, mr.doseUnit].filter(Boolean).join(" ")}` : null,
    mr.route ? `route ${mr.route}` : null,
    mr.directions,
    mr.quantity !== null ? `quantity ${[mr.quantity, mr.quantityUnit].filter((v) => v !== null).join(" ")}` : null,
    mr.daysSupply !== null ? `${mr.daysSupply} days supply` : null,
    mr.refills !== null ? `${mr.refills} refills` : null,
  ].filter((p): p is string => Boolean(p && p.trim()));
  const name = nonBlank(mr.name) ?? "Medication";
  return parts.length > 0 ? `${name}: ${parts.join("; ")}.` : `${name}.`;
}

/**
 * SPEC 2.3 MedicationRequest. NDC codings only; the subject is the intake's Patient; total-units-requested is present
 * when the quantity is known; reasonCode is the request's own reasons, else the case's diagnoses. Unknown values are
 * left out (the dose value stays a string, as the spec writes it).
 */
export function buildMedicationRequest(
  mr: IntakeMedicationRequest,
  id: string,
  ctx: MedicationRequestContext & { subject: SpecReference; diagnoses?: IntakeDiagnosis[] },
): SpecMedicationRequest {
  const extension: SpecMedicationRequestExtension[] = [];
  const dispense = dispenseRequestOf(mr);
  const quantity = finite(mr.quantity);
  if (quantity !== undefined) {
    extension.push({ url: extensionUrl(ctx.extensionBase, TOTAL_UNITS_REQUESTED), valueDecimal: quantity });
  }
  extension.push({ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: ctx.summary });
  const ndc = medicationCodings(mr).filter((c) => c.system === NDC_SYSTEM);
  const text = nonBlank(medicationText(mr)) ?? nonBlank(mr.name) ?? (mr.ndc ? `NDC ${mr.ndc}` : "Medication");
  const directions = nonBlank(mr.directions);
  const route = nonBlank(mr.route);
  // The spec writes the dose value as a string; one that is not a number ("1-2 tablets") stays in the text only.
  const doseValue = parseDecimal(mr.doseValue) !== undefined ? nonBlank(mr.doseValue) : undefined;
  const doseUnit = nonBlank(mr.doseUnit);
  const dosage = {
    ...(directions ? { text: directions } : {}),
    ...(route ? { route: { text: route } } : {}),
    ...(doseValue ? { doseAndRate: [{ doseQuantity: { value: doseValue, ...(doseUnit ? { unit: doseUnit } : {}) } }] } : {}),
  };
  const reasons = reasonCodes(mr, ctx.diagnoses ?? []);
  return {
    resourceType: "MedicationRequest",
    id,
    status: "active",
    intent: "order",
    medicationCodeableConcept: {
      display: text,
      text,
      ...(ndc.length ? { coding: ndc.map((c) => ({ system: c.system, code: c.code, ...(nonBlank(c.display) ? { display: nonBlank(c.display) } : {}) })) } : {}),
    } as SpecMedicationRequest["medicationCodeableConcept"],
    subject: ctx.subject,
    ...(Object.keys(dosage).length ? { dosageInstruction: [dosage] } : {}),
    ...(reasons.length ? { reasonCode: reasons } : {}),
    extension,
    ...(dispense ? { dispenseRequest: dispense } : {}),
  };
}

/**
 * Why the drug is asked for: the request's own reasons (an ICD-10-CM code becomes a coding with the title of the
 * case's diagnosis of that code), else every diagnosis of the case with its ICD-10-CM codes and name.
 */
export function reasonCodes(mr: IntakeMedicationRequest, diagnoses: IntakeDiagnosis[]): SpecReasonCode[] {
  const titled = (code: string): SpecCoding | { system: string; code: string } => {
    const dx = diagnoses.find((d) => d.icd10.some((c) => sameCode(c, code)));
    const title = dx ? (icd10TitleOf(dx, dx.icd10.find((c) => sameCode(c, code)) ?? code) ?? (dx.icd10.length === 1 ? nonBlank(dx.name) : undefined)) : undefined;
    return { system: ICD10_CM_SYSTEM, code, ...(title ? { display: title } : {}) } as SpecCoding;
  };
  const own = nonBlankList(mr.reasons).map((reason): SpecReasonCode => {
    const code = ICD10_CODE.test(reason) ? reason.toUpperCase() : null;
    const dx = code ? diagnoses.find((d) => d.icd10.some((c) => sameCode(c, code))) : undefined;
    const text = nonBlank(dx?.name) ?? reason;
    return code ? { coding: [titled(dx?.icd10.find((c) => sameCode(c, code)) ?? code) as SpecCoding], text } : { text };
  });
  if (own.length) return own;
  return diagnoses.flatMap((dx): SpecReasonCode[] => {
    const coding = dx.icd10.map((code) => titled(code) as SpecCoding);
    const text = nonBlank(dx.name);
    if (!coding.length && !text) return [];
    return [{ ...(coding.length ? { coding } : {}), ...(text ? { text } : {}) }];
  });
}

/** An ICD-10-CM code as written ("G40.811", "g40811"). */
const ICD10_CODE = /^[A-TV-Z][0-9][0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/i;

/** "g40.811 " and "G40811" name the same ICD-10 code. */
export function sameCode(a: string, b: string): boolean {
  const norm = (c: string) => c.trim().toUpperCase().replace(/\./g, "");
  return norm(a) === norm(b);
}

/** What the form asks to dispense: the quantity with its own unit ("16 injections") and the days supply. */
function dispenseRequestOf(mr: IntakeMedicationRequest): MedicationRequestDispenseRequest | undefined {
  const quantity = finite(mr.quantity);
  const daysSupply = finite(mr.daysSupply);
  const refills = mr.refills !== null && Number.isInteger(mr.refills) && mr.refills >= 0 ? mr.refills : undefined;
  return pruneEmpty<{ dispense?: MedicationRequestDispenseRequest }>({
    dispense: {
      numberOfRepeatsAllowed: refills,
      quantity: quantity !== undefined ? { value: quantity, unit: nonBlank(mr.quantityUnit) } : undefined,
      expectedSupplyDuration: daysSupply !== undefined ? { value: daysSupply, unit: "days", system: UCUM_SYSTEM, code: "d" } : undefined,
    },
  }).dispense;
}

/** Strict R4 MedicationRequest, with its subject, and requester and reason references when known. */
export function buildMedicationRequestResource(
  mr: IntakeMedicationRequest,
  id: string,
  ctx: MedicationRequestContext & {
    subject: Reference<Patient>;
    requester?: Reference<Practitioner>;
    reasonReference?: Reference<Condition>[];
    diagnoses?: IntakeDiagnosis[];
  },
): MedicationRequest {
  const quantity = finite(mr.quantity);
  const doseValue = parseDecimal(mr.doseValue);
  const doseUnit = nonBlank(mr.doseUnit);
  const summary = nonBlank(ctx.summary);
  return pruneEmpty<MedicationRequest>({
    resourceType: "MedicationRequest",
    id,
    extension: [
      ...(quantity !== undefined
        ? [{ url: extensionUrl(ctx.extensionBase, TOTAL_UNITS_REQUESTED), valueDecimal: quantity }]
        : []),
      ...(summary ? [{ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: summary }] : []),
    ],
    status: "active",
    intent: "order",
    medicationCodeableConcept: {
      coding: medicationCodings(mr).map((c) => ({ system: c.system, code: c.code, display: nonBlank(c.display) })),
      text: nonBlank(medicationText(mr)),
    },
    subject: ctx.subject,
    requester: ctx.requester,
    reasonCode: reasonCodes(mr, ctx.diagnoses ?? []),
    reasonReference: ctx.reasonReference,
    dosageInstruction: [
      {
        text: nonBlank(mr.directions),
        route: nonBlank(mr.route) ? { text: nonBlank(mr.route) } : undefined,
        // A dose that is not one number ("1-2 tablets") stays in the text only.
        doseAndRate: doseValue !== undefined ? [{ doseQuantity: { value: doseValue, unit: doseUnit } }] : undefined,
      },
    ],
    dispenseRequest: dispenseRequestOf(mr),
  });
}

function medicationCodings(mr: IntakeMedicationRequest): { system: string; code: string; display?: string }[] {
  const ndc = nonBlank(mr.ndc);
  return [
    ...(ndc ? [{ system: NDC_SYSTEM, code: ndc, display: nonBlank(mr.name) }] : []),
    ...mr.otherCodings.map((c) => ({ system: c.system, code: c.code, display: c.display })),
  ];
}
