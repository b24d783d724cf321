// Does a fax give the same intake as its text version? The key fields a reviewer checks, as comparable strings, and
// the share of the text version's fields the fax reading gives with the same value (pure). Used by the fax
// evaluation (ocr-fax.eval.test.ts) over forms read twice: from their text layer, and by text recognition.
import type { IntakeFacts } from "@/lib/intake/types";

export const KEY_FIELDS = [
  "patientName", "birthDate", "sex", "memberId",
  "prescriberName", "npi", "specialty",
  "drug", "ndc", "diagnosisCodes", "quantity", "daysSupply",
] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
export type KeyValues = Record<KeyField, string | null>;

const squash = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
const joinedOrNull = (values: string[]) => (values.length ? [...new Set(values)].sort().join(", ") : null);

/** The key fields of an intake: the patient, the prescriber, the first requested medication, every diagnosis code. */
export function keyValues(facts: IntakeFacts): KeyValues {
  const patient = facts.patient;
  const prescriber = facts.practitioners.find((p) => p.role === "prescriber") ?? facts.practitioners[0] ?? null;
  const medication = facts.medicationRequests[0] ?? null;
  const name = (given: string[] | undefined, family: string | null | undefined) => {
    const text = squash([...(given ?? []), family ?? ""].join(" "));
    return text || null;
  };
  return {
    patientName: name(patient?.given, patient?.family),
    birthDate: patient?.birthDate ?? null,
    sex: patient?.gender ?? null,
    memberId: patient?.memberId ?? facts.coverage?.memberId ?? null,
    prescriberName: name(prescriber?.given, prescriber?.family),
    npi: prescriber?.npi ?? null,
    specialty: prescriber?.specialty ? squash(prescriber.specialty) : null,
    drug: medication ? squash(medication.name) : null,
    ndc: medication?.ndc ?? null,
    diagnosisCodes: joinedOrNull(facts.diagnoses.flatMap((d) => d.icd10)),
    quantity: medication?.quantity != null ? String(medication.quantity) : null,
    daysSupply: medication?.daysSupply != null ? String(medication.daysSupply) : null,
  };
}

export interface Agreement {
  /** Fields the text version gives. */
  fields: number;
  /** Of those, fields the fax gives with the same value. */
  same: number;
  /** same / fields (1 when the text version gives none). */
  share: number;
  /** Each field that differs: what the text version and the fax reading said. */
  differences: { field: KeyField; text: string | null; fax: string | null }[];
}

/**
 * Field agreement of a fax reading with its text version. A field the text version leaves empty is not scored
 * (the fax cannot be blamed for it), except that a value the fax invents there is listed as a difference.
 */
export function fieldAgreement(text: KeyValues, fax: KeyValues): Agreement {
  let fields = 0;
  let same = 0;
  const differences: Agreement["differences"] = [];
  for (const field of KEY_FIELDS) {
    if (text[field] === null) {
      if (fax[field] !== null) differences.push({ field, text: null, fax: fax[field] });
      continue;
    }
    fields++;
    if (text[field] === fax[field]) same++;
    else differences.push({ field, text: text[field], fax: fax[field] });
  }
  return { fields, same, share: fields ? Math.round((same / fields) * 1000) / 1000 : 1, differences };
}
