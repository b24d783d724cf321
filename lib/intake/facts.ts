// Building blocks shared by the extractors: empty facts, evidence, and how strong a source is.
import type { Evidence, IntakeDiagnosis, IntakeFacts, IntakeMedicationRequest, IntakePatient, IntakePractitioner } from "./types";
import { sexFrom } from "./text/sex-choice";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

/**
 * How much a source is trusted when two disagree: structured data a system sent (ePA payload, FHIR) over a
 * labelled form field, over a sentence in a note, over a guess from a note (a drug the note plans to start).
 */
export const STRENGTH = { epa: 5, fhir: 4, field: 3, text: 2, guess: 1 } as const;

/** Facts from one extractor over one document, with the strength of that kind of source. */
export interface SourcedFacts {
  facts: IntakeFacts;
  strength: number;
  /** Which document, for warnings ("form.pdf"). */
  source: string;
}

export function emptyFacts(): IntakeFacts {
  return { patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [] };
}

export function emptyPatient(): IntakePatient {
  return { given: [], family: null, birthDate: null, gender: null, memberId: null, phone: null, address: null, evidence: [] };
}

export function emptyPractitioner(role: IntakePractitioner["role"]): IntakePractitioner {
  return { npi: null, npiValid: null, prefix: [], given: [], family: null, specialty: null, phone: null, fax: null, address: null, role, evidence: [] };
}

export function emptyDiagnosis(): IntakeDiagnosis {
  return { icd10: [], name: null, otherCodings: [], clinicalStatus: "active", verificationStatus: "confirmed", onsetDate: null, notes: [], evidence: [] };
}

export function emptyMedicationRequest(name: string): IntakeMedicationRequest {
  return {
    name, ndc: null, otherCodings: [], strength: null, doseValue: null, doseUnit: null, route: null, directions: null, quantity: null,
    quantityUnit: null, daysSupply: null, refills: null, reasons: [], evidence: [],
  };
}

/** Evidence for a span of a text page: the quote is exactly what the stored page text holds there. */
export function textEvidence(doc: SourceDocument, page: { page: number; text: string }, start: number, end: number, field: string): Evidence {
  const s = Math.max(0, Math.min(start, page.text.length));
  const e = Math.max(s, Math.min(end, page.text.length));
  return { documentId: doc.id, page: page.page, start: s, end: e, quote: page.text.slice(s, e), field };
}

/** Evidence for a value of a JSON document, at a JSON path. */
export function jsonEvidence(doc: SourceDocument | { id: string }, path: string, value: unknown, field: string): Evidence {
  const quote = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  return { documentId: doc.id, page: null, start: 0, end: quote.length, quote: quote.length > 300 ? `${quote.slice(0, 297)}...` : quote, path, field };
}

/** Digits of a phone or fax number, written 555-123-4567 when there are ten (or eleven starting with 1). */
export function normalizePhone(raw: string): string | null {
  // The first number that looks like a phone number, when the field holds more ("555-222-3333 ext 4, cell ...").
  const phone = /(?<!\d)(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/.exec(raw);
  if (phone) raw = phone[0];
  const digits = raw.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length === 10) return `${ten.slice(0, 3)}-${ten.slice(3, 6)}-${ten.slice(6)}`;
  const trimmed = raw.trim();
  return digits.length >= 7 && trimmed.length <= 30 ? trimmed : null;
}

/** A patient's sex as a form, payload or note writes it (lib/intake/text/sex-choice.ts); null when unread. */
export function genderFrom(raw: string): IntakePatient["gender"] {
  return sexFrom(raw);
}
