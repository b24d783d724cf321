// A reviewer's corrections laid over the facts the engines read. The latest correction of each field wins; the
// extracted facts underneath are never changed, so a re-read of the documents keeps every correction on top. Pure:
// the stored corrections come in as plain data (lib/corrections loads them), corrected facts come out, each corrected
// value carrying its own provenance (the document's words, or "stated by phone" / "by the reviewer").
import { z } from "zod";
import { readStoredRecord } from "@/lib/stored-record";
import { isValidNpi } from "@/lib/lexicon/codes/npi";
import { emptyDiagnosis, emptyMedicationRequest, emptyPatient, emptyPractitioner } from "./facts";
import type { ProcedureSystem } from "@/lib/lexicon/codes/procedure-codes";
import type { IdentityField } from "./identity-conflicts";
import type { Evidence, Gender, IntakeFacts, IntakeMedicationRequest, IntakePractitioner, ProcedureRequest } from "./types";

export const CORRECTION_FIELDS = ["patient_name", "birth_date", "sex", "drug", "quantity", "days_supply", "diagnoses", "prescriber", "specialty", "service"] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** What each field is called on screen and in messages. */
export const CORRECTION_FIELD_LABELS: Record<CorrectionField, string> = {
  patient_name: "Patient name",
  birth_date: "Date of birth",
  sex: "Sex",
  drug: "Drug",
  quantity: "Quantity",
  days_supply: "Days supply",
  diagnoses: "Diagnoses",
  prescriber: "Prescriber",
  specialty: "Specialty",
  service: "Service code (CPT/HCPCS)",
};

/** The stored value of each field, as the pipeline checked it against the lexicon. */
export interface CorrectionValues {
  patient_name: { given: string[]; family: string };
  birth_date: string;
  sex: Gender;
  drug: { name: string; generic: string | null; ndc: string | null };
  quantity: { value: number; unit: string | null };
  days_supply: number;
  diagnoses: { code: string; title: string }[];
  prescriber: { given: string[]; family: string; npi: string | null };
  specialty: { code: string; name: string };
  /** The requested procedure or service (a request without a drug): its CPT or HCPCS code and, when given, its name. */
  service: { code: string; system: ProcedureSystem; display: string | null };
}

/** Where a corrected value comes from: the words of a case document, a phone call, or the reviewer's own knowledge. */
export type CorrectionSource =
  | { kind: "document"; document_id: string; page: number | null; quote: string; start: number; end: number }
  | { kind: "phone" }
  | { kind: "reviewer" };

/** Where a correction's document evidence is stored (IntakeCorrection.evidence): the page's own words, as cited. */
const ZStoredDocumentEvidence = z.object({ document_id: z.string(), page: z.number().int().nullable(), quote: z.string(), start: z.number().int(), end: z.number().int() });

export type AppliedCorrection = {
  [F in CorrectionField]: { id: string; field: F; value: CorrectionValues[F]; source: CorrectionSource; note: string | null; corrected_by: string; corrected_at: string };
}[CorrectionField];

/** The facts read with a reviewer's corrections laid over them, listed in `corrections` (absent when none). Never stored. */
export type CorrectedFacts = IntakeFacts & { corrections?: AppliedCorrection[] };

/** Which evidence field each correction replaces (the readers' own names, lib/intake/text). */
const EVIDENCE_FIELDS: Record<CorrectionField, string> = {
  patient_name: "name", birth_date: "birthDate", sex: "gender", drug: "drug", quantity: "quantity", days_supply: "daysSupply",
  diagnoses: "icd10", prescriber: "name", specialty: "specialty", service: "procedureCode",
};

/** The identity conflict a person settles by correcting the field. */
const SETTLES: Partial<Record<CorrectionField, IdentityField>> = { patient_name: "name", birth_date: "birthDate", sex: "gender" };

export const describeSource = (source: CorrectionSource): string =>
  source.kind === "phone" ? "stated by phone" : source.kind === "reviewer" ? "stated by the reviewer" : `"${source.quote}"${source.page !== null ? ` (page ${source.page})` : ""}`;

function evidenceOf(c: AppliedCorrection): Evidence[] {
  const field = EVIDENCE_FIELDS[c.field];
  if (c.source.kind !== "document") return [];
  return [{ documentId: c.source.document_id, page: c.source.page, start: c.source.start, end: c.source.end, quote: c.source.quote, field }];
}

/** The evidence list with the field's earlier evidence replaced by the correction's. */
const replaceEvidence = (evidence: readonly Evidence[], c: AppliedCorrection) => [...evidence.filter((e) => e.field !== EVIDENCE_FIELDS[c.field]), ...evidenceOf(c)];

function prescriberIndex(facts: IntakeFacts): number {
  const i = facts.practitioners.findIndex((p) => p.role === "prescriber");
  return i >= 0 ? i : facts.practitioners.length ? 0 : -1;
}

function withPrescriber(facts: IntakeFacts, change: (p: IntakePractitioner) => IntakePractitioner): IntakeFacts {
  const i = prescriberIndex(facts);
  const practitioners = [...facts.practitioners];
  if (i < 0) practitioners.unshift(change(emptyPractitioner("prescriber")));
  else practitioners[i] = change(practitioners[i]);
  return { ...facts, practitioners };
}

function withMedication(facts: IntakeFacts, change: (m: IntakeMedicationRequest) => IntakeMedicationRequest | null): IntakeFacts {
  const [first, ...rest] = facts.medicationRequests;
  const changed = change(first ?? emptyMedicationRequest(""));
  if (!changed) return facts;
  return { ...facts, medicationRequests: [changed, ...rest] };
}

function applyOne(facts: IntakeFacts, c: AppliedCorrection): IntakeFacts {
  const patient = facts.patient ?? emptyPatient();
  switch (c.field) {
    case "patient_name":
      return { ...facts, patient: { ...patient, given: c.value.given, family: c.value.family, evidence: replaceEvidence(patient.evidence, c) } };
    case "birth_date":
      return { ...facts, patient: { ...patient, birthDate: c.value, ageYears: null, evidence: replaceEvidence(patient.evidence, c) } };
    case "sex":
      return { ...facts, patient: { ...patient, gender: c.value, evidence: replaceEvidence(patient.evidence, c) } };
    case "drug":
      return withMedication(facts, (m) => {
        const sameName = m.name === c.value.name;
        // Another drug: the strength and form read with the wrong name belong to that name, not to this one.
        return {
          ...m, name: c.value.name, ndc: c.value.ndc,
          ...(sameName ? {} : { strength: null, dosageForm: null, otherCodings: [] }),
          evidence: replaceEvidence(m.evidence, c),
        };
      });
    case "quantity":
      return withMedication(facts, (m) => (m.name ? { ...m, quantity: c.value.value, quantityUnit: c.value.unit, evidence: replaceEvidence(m.evidence, c) } : null));
    case "days_supply":
      return withMedication(facts, (m) => (m.name ? { ...m, daysSupply: c.value, evidence: replaceEvidence(m.evidence, c) } : null));
    case "diagnoses": {
      const diagnoses = c.value.map(({ code, title }) => {
        // A code the documents already gave keeps what was read with it (notes, onset); its evidence is the correction's when it has one.
        const read = facts.diagnoses.find((d) => d.icd10.includes(code));
        const base = read ?? { ...emptyDiagnosis(), name: title };
        return {
          ...base, icd10: [code], icd10Source: "stated" as const, icd10Details: [{ code, title, billable: true }],
          evidence: read && c.source.kind !== "document" ? read.evidence : evidenceOf(c),
        };
      });
      return { ...facts, diagnoses };
    }
    case "prescriber":
      return withPrescriber(facts, (p) => ({
        ...p, given: c.value.given, family: c.value.family, prefix: [], npi: c.value.npi ?? p.npi, npiValid: c.value.npi ? isValidNpi(c.value.npi) : p.npiValid,
        evidence: replaceEvidence(p.evidence, c),
      }));
    case "specialty":
      return withPrescriber(facts, (p) => ({ ...p, specialty: c.value.name, taxonomyCode: c.value.code, evidence: replaceEvidence(p.evidence, c) }));
    case "service": {
      // The requested service is the first procedure; the others read stay, less a second copy of the corrected code.
      const [first, ...rest] = facts.procedures;
      const service = { code: c.value.code, system: c.value.system, display: c.value.display ?? (first?.code === c.value.code ? first.display : null), evidence: evidenceOf(c) };
      return { ...facts, procedures: [service, ...rest.filter((p) => p.code !== c.value.code)] };
    }
  }
}

/**
 * The facts with each field's latest correction laid over them (corrections in the order they were made), and the
 * applied corrections listed in `corrections`. An identity conflict of a corrected field is settled by the person.
 */
export function applyCorrections(facts: CorrectedFacts, corrections: readonly AppliedCorrection[]): CorrectedFacts {
  if (!corrections.length) return facts;
  const latest = new Map<CorrectionField, AppliedCorrection>();
  for (const c of corrections) latest.set(c.field, c);
  // A drug first, so a quantity corrected before the drug still lands on the corrected drug.
  const ordered = [...latest.values()].sort((a, b) => Number(b.field === "drug") - Number(a.field === "drug"));
  let out = facts;
  for (const c of ordered) out = applyOne(out, c);
  const settled = new Set(ordered.flatMap((c) => SETTLES[c.field] ?? []));
  return {
    ...out,
    identityConflicts: (out.identityConflicts ?? []).filter((conflict) => !settled.has(conflict.field)),
    corrections: [...latest.values()],
  };
}

/** The field's value as the case holds it now, in the shape its correction takes (null when unread): the "before". */
export function currentValue(facts: IntakeFacts, field: CorrectionField): unknown {
  const patient = facts.patient;
  const med = facts.medicationRequests[0] ?? null;
  const prescriber = facts.practitioners[prescriberIndex(facts)] ?? null;
  switch (field) {
    case "patient_name":
      return patient && (patient.given.length || patient.family) ? { given: patient.given, family: patient.family } : null;
    case "birth_date":
      return patient?.birthDate ?? null;
    case "sex":
      return patient?.gender ?? null;
    case "drug":
      return med?.name ? { name: med.name, ndc: med.ndc } : null;
    case "quantity":
      return med?.quantity != null ? { value: med.quantity, unit: med.quantityUnit } : null;
    case "days_supply":
      return med?.daysSupply ?? null;
    case "diagnoses":
      return facts.diagnoses.length ? facts.diagnoses.map((d) => ({ codes: d.icd10, name: d.name })) : null;
    case "prescriber":
      return prescriber && (prescriber.given.length || prescriber.family || prescriber.npi) ? { given: prescriber.given, family: prescriber.family, npi: prescriber.npi } : null;
    case "specialty":
      return prescriber?.specialty ? { name: prescriber.specialty, code: prescriber.taxonomyCode ?? null } : null;
    case "service": {
      const service = requestedServiceOf(facts);
      return service ? { code: service.code, system: service.system, display: service.display } : null;
    }
  }
}

/** The patient's name as a notice and the queue print it, or null when unread. */
export function patientNameOf(facts: IntakeFacts): string | null {
  return facts.patient ? [...facts.patient.given, facts.patient.family].filter(Boolean).join(" ") || null : null;
}

/** The requested drug's name, or null when unread. */
export const drugNameOf = (facts: IntakeFacts): string | null => facts.medicationRequests[0]?.name || null;

/** The requested procedure or service (its CPT/HCPCS code), or null when none was read: what a request without a drug asks for. */
export const requestedServiceOf = (facts: IntakeFacts): ProcedureRequest | null => facts.procedures[0] ?? null;

export interface UnverifiedFact {
  field: "patient_name" | "drug";
  message: string;
}

const corrected = (facts: CorrectedFacts, field: CorrectionField) => (facts.corrections ?? []).some((c) => c.field === field);

/**
 * Whom and what a notice names must be verified facts: corrected by a person, or read from the documents with
 * evidence. What is requested is a drug or, for a procedure request, a service code (CPT/HCPCS). An unread (or
 * evidence-less) patient name, or neither a drug nor a service, is listed with what to correct; a notice waits for them.
 */
export function unverifiedNoticeFacts(facts: CorrectedFacts): UnverifiedFact[] {
  const out: UnverifiedFact[] = [];
  const patient = facts.patient;
  const nameRead = Boolean(patientNameOf(facts)) && (patient?.evidence ?? []).length > 0;
  if (!corrected(facts, "patient_name") && !nameRead) out.push({ field: "patient_name", message: "The patient's name was not read from the documents: correct the patient name first." });
  const med = facts.medicationRequests[0];
  const drugRead = Boolean(med?.name) && (med?.evidence ?? []).length > 0;
  const service = requestedServiceOf(facts);
  const serviceRead = Boolean(service?.code) && (service?.evidence ?? []).length > 0;
  if (!corrected(facts, "drug") && !drugRead && !corrected(facts, "service") && !serviceRead) {
    out.push({ field: "drug", message: "Neither a requested drug nor a service code was read from the documents: correct the drug, or the service code of a procedure, first." });
  }
  return out;
}

/** A stored correction (the IntakeCorrection row, as plain data) as it is applied and shown. */
export function toAppliedCorrection(row: { id: string; field: string; value: unknown; sourceKind: string; evidence: unknown; note: string | null; actor: string; createdAt: Date }): AppliedCorrection {
  const source: CorrectionSource =
    row.sourceKind === "document"
      ? { kind: "document", ...readStoredRecord(ZStoredDocumentEvidence, row.evidence, { record: `Correction ${row.id}'s evidence`, remedy: "correct the fact again, citing the document" }) }
      : { kind: row.sourceKind === "phone" ? "phone" : "reviewer" };
  return { id: row.id, field: row.field, value: row.value, source, note: row.note, corrected_by: row.actor, corrected_at: row.createdAt.toISOString() } as AppliedCorrection;
}
