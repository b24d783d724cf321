// Condition: the SPEC 2.3 shape and the strict R4 resource. ICD-10-CM codings come first; codings of other systems
// (SNOMED CT, ...) follow as they came, never relabelled as ICD-10.
import type { Condition, Patient, Reference } from "@medplum/fhirtypes";
import type { IntakeDiagnosis } from "@/lib/intake/types";
import type { SpecCondition, SpecCoding } from "@/lib/fhir/intake-fhir-types";
import {
  AI_SUMMARY,
  CLINICAL_STATUS_DISPLAY,
  CONDITION_CLINICAL_SYSTEM,
  CONDITION_VER_STATUS_SYSTEM,
  extensionUrl,
  ICD10_CM_SYSTEM,
  tagSystem,
  VERIFICATION_STATUS_DISPLAY,
} from "@/lib/fhir/fhir-systems";
import { FHIR_DATE, nonBlank, pruneEmpty } from "@/lib/fhir/fhir-values";

export interface ConditionContext {
  extensionBase: string;
  /** The `ai-summary` text. */
  summary: string;
}

/** A plain factual summary, used when no generated summary is given. */
export function defaultDiagnosisSummary(dx: IntakeDiagnosis): string {
  const name = nonBlank(dx.name) ?? "Diagnosis";
  const codes = dx.icd10.length > 0 ? ` (ICD-10-CM ${dx.icd10.join(", ")})` : "";
  const onset = dx.onsetDate ? `, onset ${dx.onsetDate}` : "";
  return `${name}${codes}: ${dx.clinicalStatus}, ${dx.verificationStatus}${onset}.`;
}

/** SPEC 2.3 Condition. */
export function buildCondition(dx: IntakeDiagnosis, id: string, ctx: ConditionContext): SpecCondition {
  const facts = conditionFacts(dx);
  const system = tagSystem(ctx.extensionBase);
  return {
    resourceType: "Condition",
    id,
    clinicalStatus: { coding: [facts.clinicalStatus] },
    verificationStatus: { coding: [facts.verificationStatus] },
    code: {
      coding: facts.codings.map((c) => ({ system: c.system, code: c.code, display: c.display ?? "" })),
      text: facts.text ?? "",
    },
    note: dx.notes.map((text) => ({ text })),
    extension: [{ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: ctx.summary }],
    meta: {
      tag: [
        { system, code: "description", display: facts.description ?? "" },
        { system, code: "diagnosis_name", display: nonBlank(dx.name) ?? "" },
        { system, code: "diagnosis_codes", display: JSON.stringify(dx.icd10) },
      ],
    },
  };
}

/** Strict R4 Condition, with its subject. */
export function buildConditionResource(
  dx: IntakeDiagnosis,
  id: string,
  ctx: ConditionContext & { subject: Reference<Patient> },
): Condition {
  const facts = conditionFacts(dx);
  const system = tagSystem(ctx.extensionBase);
  const name = nonBlank(dx.name);
  const summary = nonBlank(ctx.summary);
  return pruneEmpty<Condition>({
    resourceType: "Condition",
    id,
    meta: {
      tag: [
        ...(facts.description ? [{ system, code: "description", display: facts.description }] : []),
        ...(name ? [{ system, code: "diagnosis_name", display: name }] : []),
        { system, code: "diagnosis_codes", display: JSON.stringify(dx.icd10) },
      ],
    },
    extension: summary ? [{ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: summary }] : undefined,
    clinicalStatus: { coding: [facts.clinicalStatus] },
    verificationStatus: { coding: [facts.verificationStatus] },
    code: {
      coding: facts.codings.map((c) => ({ system: c.system, code: c.code, display: nonBlank(c.display) })),
      text: facts.text,
    },
    subject: ctx.subject,
    onsetDateTime: dx.onsetDate && FHIR_DATE.test(dx.onsetDate) ? dx.onsetDate : undefined,
    note: dx.notes.filter((text) => nonBlank(text)).map((text) => ({ text })),
  });
}

/** What both forms share, computed once. */
function conditionFacts(dx: IntakeDiagnosis) {
  const name = nonBlank(dx.name);
  const clinicalStatus: SpecCoding = {
    system: CONDITION_CLINICAL_SYSTEM,
    code: dx.clinicalStatus,
    display: CLINICAL_STATUS_DISPLAY[dx.clinicalStatus],
  };
  const verificationStatus: SpecCoding = {
    system: CONDITION_VER_STATUS_SYSTEM,
    code: dx.verificationStatus,
    display: VERIFICATION_STATUS_DISPLAY[dx.verificationStatus],
  };
  // One diagnosis name cannot be the display of each of several codes, so it is used only for a single code.
  const icdDisplay = dx.icd10.length === 1 ? name : undefined;
  const codings: { system: string; code: string; display?: string }[] = [
    ...dx.icd10.map((code) => ({ system: ICD10_CM_SYSTEM, code, display: icdDisplay })),
    ...dx.otherCodings.map((c) => ({ system: c.system, code: c.code, display: c.display })),
  ];
  const text = name ?? (dx.icd10.length > 0 ? dx.icd10.join(", ") : undefined);
  // The description tag is the diagnosis as the documents describe it: the notes, or else the name.
  const description = nonBlank(dx.notes.join(" ")) ?? name;
  return { clinicalStatus, verificationStatus, codings, text, description };
}
