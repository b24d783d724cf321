// MedicationRequest: the SPEC 2.3 shape (dose value and unit as strings, a `display` on the medication) and the
// strict R4 resource (dose value a decimal, subject, requester, dispense request). The NDC coding comes first;
// RxNorm and other codings follow as they came, never relabelled as NDC.
import type { Condition, MedicationRequest, MedicationRequestDispenseRequest, Patient, Practitioner, Reference } from "@medplum/fhirtypes";
import { medicationText } from "@/lib/intake/medication-text";
import type { IntakeMedicationRequest } from "@/lib/intake/types";
import type { SpecMedicationRequest, SpecMedicationRequestExtension } from "@/lib/fhir/intake-fhir-types";
import { AI_SUMMARY, extensionUrl, NDC_SYSTEM, TOTAL_UNITS_REQUESTED, UCUM_SYSTEM } from "@/lib/fhir/fhir-systems";
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

/** SPEC 2.3 MedicationRequest. total-units-requested is present when the quantity is known. */
export function buildMedicationRequest(
  mr: IntakeMedicationRequest,
  id: string,
  ctx: MedicationRequestContext,
): SpecMedicationRequest {
  const extension: SpecMedicationRequestExtension[] = [];
  const dispense = dispenseRequestOf(mr);
  const quantity = finite(mr.quantity);
  if (quantity !== undefined) {
    extension.push({ url: extensionUrl(ctx.extensionBase, TOTAL_UNITS_REQUESTED), valueDecimal: quantity });
  }
  extension.push({ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: ctx.summary });
  return {
    resourceType: "MedicationRequest",
    id,
    status: "active",
    intent: "order",
    medicationCodeableConcept: {
      display: medicationText(mr),
      text: medicationText(mr),
      coding: medicationCodings(mr).map((c) => ({ system: c.system, code: c.code, display: c.display ?? "" })),
    },
    dosageInstruction: [
      {
        text: mr.directions ?? "",
        route: { text: mr.route ?? "" },
        doseAndRate: [{ doseQuantity: { value: mr.doseValue ?? "", unit: mr.doseUnit ?? "" } }],
      },
    ],
    reasonCode: mr.reasons.map((text) => ({ text })),
    extension,
    ...(dispense ? { dispenseRequest: dispense } : {}),
  };
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
    reasonCode: nonBlankList(mr.reasons).map((text) => ({ text })),
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
