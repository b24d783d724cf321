// FHIR code systems the intake reads, recognised by their canonical URLs and OIDs, and small readers for
// untyped FHIR JSON (the input is whatever a client sent, so nothing is assumed about its shape).
import { normalizeIcd10 } from "@/lib/lexicon/codes/icd10";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import type { Coding } from "@/lib/intake/types";

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^-?\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v) : null);

const ICD10_CM = /^(?:http:\/\/hl7\.org\/fhir\/sid\/icd-10-cm|urn:oid:2\.16\.840\.1\.113883\.6\.90|http:\/\/www\.cms\.gov\/medicare\/coding\/icd10)\/?$/i;
const NDC = /^(?:http:\/\/hl7\.org\/fhir\/sid\/ndc|urn:oid:2\.16\.840\.1\.113883\.6\.69)\/?$/i;
const CPT = /^(?:http:\/\/www\.ama-assn\.org\/go\/cpt|urn:oid:2\.16\.840\.1\.113883\.6\.12)\/?$/i;
const HCPCS = /hcpcs|^urn:oid:2\.16\.840\.1\.113883\.6\.(?:14|285)$/i;
const NPI = /^(?:http:\/\/hl7\.org\/fhir\/sid\/us-npi|urn:oid:2\.16\.840\.1\.113883\.4\.6)\/?$/i;

export const isIcd10CmSystem = (system: string | null) => !!system && ICD10_CM.test(system);
export const isNdcSystem = (system: string | null) => !!system && NDC.test(system);
export const isProcedureSystem = (system: string | null) => !!system && (CPT.test(system) || HCPCS.test(system));
export const isNpiSystem = (system: string | null) => !!system && NPI.test(system);

/** The codings of a CodeableConcept, each with the index it had. */
export function codings(concept: unknown): { coding: Coding; index: number }[] {
  if (!isObject(concept)) return [];
  return asArray(concept.coding).flatMap((c, index) => {
    if (!isObject(c)) return [];
    const code = str(c.code);
    const system = str(c.system) ?? "";
    if (!code) return [];
    const display = str(c.display);
    return [{ coding: display ? { system, code, display } : { system, code }, index }];
  });
}

/** Text of a CodeableConcept: its text, else the first display. */
export function conceptText(concept: unknown): string | null {
  if (!isObject(concept)) return null;
  return str(concept.text) ?? codings(concept).map((c) => c.coding.display).find(Boolean) ?? null;
}

/** ICD-10-CM codes of a concept (dotted), and the other codings kept as they came. */
export function splitDiagnosisCodings(concept: unknown): { icd10: { code: string; index: number; raw: string }[]; other: Coding[] } {
  const icd10: { code: string; index: number; raw: string }[] = [];
  const other: Coding[] = [];
  for (const { coding, index } of codings(concept)) {
    const code = isIcd10CmSystem(coding.system) ? normalizeIcd10(coding.code) : null;
    if (code) icd10.push({ code, index, raw: coding.code });
    else other.push(coding);
  }
  return { icd10, other };
}

/** The NDC (11 digits) of a concept, and its other codings kept as they came. */
export function splitMedicationCodings(concept: unknown): { ndc: { code: string; index: number; raw: string } | null; other: Coding[] } {
  let ndc: { code: string; index: number; raw: string } | null = null;
  const other: Coding[] = [];
  for (const { coding, index } of codings(concept)) {
    const code = isNdcSystem(coding.system) ? normalizeNdc(coding.code) : null;
    if (code && !ndc) ndc = { code, index, raw: coding.code };
    else if (!code) other.push(coding);
  }
  return { ndc, other };
}

/** "2012-06-15T10:00:00Z" -> "2012-06-15"; partial dates (YYYY, YYYY-MM) are kept. */
export function fhirDate(v: unknown): string | null {
  const s = str(v);
  const m = s ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(s) : null;
  return m ? [m[1], m[2], m[3]].filter(Boolean).join("-") : null;
}

/** Days in a Duration / Quantity of time ({ value: 8, unit: "wk" } -> 56). */
export function durationDays(v: unknown): number | null {
  if (!isObject(v)) return null;
  const value = num(v.value);
  if (value === null) return null;
  const unit = (str(v.code) ?? str(v.unit) ?? "d").toLowerCase();
  const factor = /^(?:d|day|days)$/.test(unit) ? 1 : /^(?:wk|w|week|weeks)$/.test(unit) ? 7 : /^(?:mo|month|months)$/.test(unit) ? 30 : /^(?:a|y|yr|year|years)$/.test(unit) ? 365 : /^(?:h|hr|hour|hours)$/.test(unit) ? 1 / 24 : null;
  return factor === null ? null : Math.round(value * factor);
}
