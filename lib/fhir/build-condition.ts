// Condition: the SPEC 2.3 shape and the strict R4 resource. ICD-10-CM codings come first; codings of other systems
// (SNOMED CT, ...) follow as they came, never relabelled as ICD-10.
import type { Condition, Patient, Reference } from "@medplum/fhirtypes";
import type { IntakeDiagnosis } from "@/lib/intake/types";
import type { SpecCondition, SpecCoding, SpecReference } from "@/lib/fhir/intake-fhir-types";
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
  return `${name}${codes}: ${dx.clinicalStatus}, ${verificationStatusOf(dx)}${onset}.`;
}

/** SPEC 2.3 Condition: ICD-10-CM codings only, with the official titles; the subject is the intake's Patient. */
export function buildCondition(dx: IntakeDiagnosis, id: string, ctx: ConditionContext & { subject: SpecReference }): SpecCondition {
  const facts = conditionFacts(dx);
  const system = tagSystem(ctx.extensionBase);
  const icd = facts.codings.filter((c) => c.system === ICD10_CM_SYSTEM);
  const notes = dx.notes.map((text) => nonBlank(text)).filter((text): text is string => !!text);
  const name = nonBlank(dx.name);
  const code = {
    ...(icd.length ? { coding: icd.map((c) => ({ system: c.system, code: c.code, ...(nonBlank(c.display) ? { display: nonBlank(c.display) } : {}) })) } : {}),
    ...(facts.text ? { text: facts.text } : {}),
  } as SpecCondition["code"];
  return {
    resourceType: "Condition",
    id,
    clinicalStatus: { coding: [facts.clinicalStatus] },
    verificationStatus: { coding: [facts.verificationStatus] },
    ...(code && Object.keys(code).length ? { code } : {}),
    subject: ctx.subject,
    ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
    extension: [{ url: extensionUrl(ctx.extensionBase, AI_SUMMARY), valueString: ctx.summary }],
    meta: {
      tag: [
        { system, code: "description", ...(facts.description ? { display: facts.description } : {}) },
        { system, code: "diagnosis_name", ...(name ? { display: name } : {}) },
        { system, code: "diagnosis_codes", display: JSON.stringify(dx.icd10) },
      ],
    },
  };
}

/**
 * The verification status: a code the documents wrote keeps the status they give; a code the intake inferred from the
 * diagnosis's words is "provisional" (never "confirmed"); hedged words ("concern for ...") are never confirmed either.
 */
export function verificationStatusOf(dx: IntakeDiagnosis): IntakeDiagnosis["verificationStatus"] {
  if (dx.verificationStatus !== "confirmed") return dx.verificationStatus;
  return dx.icd10Source === "inferred" ? "provisional" : "confirmed";
}

/** The official FY2026 title of an ICD-10-CM code of the diagnosis, when the intake looked it up. */
export function icd10TitleOf(dx: IntakeDiagnosis, code: string): string | undefined {
  return nonBlank(dx.icd10Details?.find((d) => d.code === code)?.title ?? undefined);
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
  const verification = verificationStatusOf(dx);
  const verificationStatus: SpecCoding = {
    system: CONDITION_VER_STATUS_SYSTEM,
    code: verification,
    display: VERIFICATION_STATUS_DISPLAY[verification],
  };
  // The display is the code's official title; without one, the diagnosis name stands for a single code only (one
  // name cannot be the display of each of several codes).
  const icdDisplay = dx.icd10.length === 1 ? name : undefined;
  const codings: { system: string; code: string; display?: string }[] = [
    ...dx.icd10.map((code) => ({ system: ICD10_CM_SYSTEM, code, display: icd10TitleOf(dx, code) ?? icdDisplay })),
    ...dx.otherCodings.map((c) => ({ system: c.system, code: c.code, display: c.display })),
  ];
  const text = name ?? (dx.icd10.length > 0 ? dx.icd10.join(", ") : undefined);
  // The description tag is the diagnosis as the documents describe it: the notes, or else the name.
  const description = nonBlank(dx.notes.join(" ")) ?? name;
  return { clinicalStatus, verificationStatus, codings, text, description };
}
