// Field-level scoring of the intake engine against labels (pure): what the engine said per field as comparable
// strings, whether a predicted value matches an expected one, precision / recall / F1, and the expected facts of a
// FHIR document derived by plain rules independent of the extractor. Used by scripts/eval-intake.ts and the
// evaluation inside the suite (lib/evaluation/corpus.eval.test.ts).
import { isIcd10AncestorOrSelf, normalizeIcd10 } from "@/lib/lexicon/codes/icd10";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { drugNameKeys } from "@/lib/intake/text/drug-names";
import type { IntakeFacts } from "@/lib/intake/types";
import { specialtyCode } from "@/lib/lexicon/specialties";

export type Field = "dob" | "diagnoses" | "drug" | "npi" | "specialty" | "quantity";
export const FIELDS: Field[] = ["dob", "diagnoses", "drug", "npi", "specialty", "quantity"];
/** Expected values per field; a field that is absent is not scored for that case. */
export type Labels = Partial<Record<Field, string[]>>;

// ---------------------------------------------------------------------------------------------------------------
// What the engine said, per field, as comparable strings

export function predicted(facts: IntakeFacts): Record<Field, string[]> {
  const prescribers = facts.practitioners;
  return {
    dob: facts.patient?.birthDate ? [facts.patient.birthDate] : [],
    diagnoses: facts.diagnoses.flatMap((d) => d.icd10.map((c) => (d.icd10Source === "inferred" ? `~${c}` : c))),
    // A request read with its NDC and its name carries both: a label may name the drug or give its NDC.
    drug: facts.medicationRequests.map((m) => (m.ndc ? `ndc:${m.ndc}${m.name && !/^NDC\b/.test(m.name) ? ` name:${m.name}` : ""}` : `name:${m.name}`)),
    npi: prescribers.flatMap((p) => (p.npi ? [p.npi] : [])),
    specialty: prescribers.flatMap((p) => (p.specialty ? [p.specialty] : [])),
    quantity: facts.medicationRequests.flatMap((m) => (m.quantity !== null ? [String(m.quantity)] : [])),
  };
}

const keysOf = (name: string) => new Set(drugNameKeys(name));

/** "ndc:00006027731", "name:Januvia" or "ndc:00006027731 name:Januvia" as its parts. */
function drugValue(value: string): { ndc: string | null; name: string | null } {
  const m = /^(?:ndc:(\S+))?\s*(?:name:(.*))?$/.exec(value);
  return { ndc: m?.[1] ?? null, name: m?.[2] ?? null };
}

/** Does a predicted value match an expected one? `strict` refuses an inferred ICD-10 category for a full code. */
export function matches(field: Field, pred: string, exp: string, strict: boolean): boolean {
  switch (field) {
    case "diagnoses": {
      const inferred = pred.startsWith("~");
      const code = pred.replace(/^~/, "");
      if (code === exp) return true;
      // A category inferred from the name (G40.81) stands for the full code the form did not state (G40.811).
      return !strict && inferred && isIcd10AncestorOrSelf(code, exp);
    }
    case "drug": {
      // NDCs decide when both sides have one; otherwise the names, when both have one.
      const p = drugValue(pred);
      const e = drugValue(exp);
      if (p.ndc !== null && e.ndc !== null) return p.ndc === e.ndc;
      if (p.name === null || e.name === null) return false;
      const expected = keysOf(e.name);
      return [...keysOf(p.name)].some((k) => expected.has(k));
    }
    case "specialty": {
      const a = pred.toLowerCase();
      const b = exp.toLowerCase();
      if (a === b || a.includes(b) || b.includes(a)) return true;
      // Written differently, one NUCC taxonomy code ("Cardiologist" is Cardiovascular Disease, 207RC0000X).
      const code = specialtyCode(pred);
      return code !== null && code === specialtyCode(exp);
    }
    case "quantity":
      return Number(pred) === Number(exp);
    default:
      return pred === exp;
  }
}

export interface Count {
  tp: number;
  fp: number;
  fn: number;
}

export function score(pred: string[], exp: string[], field: Field, strict: boolean): Count & { misses: string[]; extras: string[] } {
  const used = new Set<number>();
  let tp = 0;
  const extras: string[] = [];
  for (const p of [...new Set(pred)]) {
    const i = exp.findIndex((e, k) => !used.has(k) && matches(field, p, e, strict));
    if (i >= 0) {
      used.add(i);
      tp++;
    } else if (exp.some((e) => matches(field, p, e, strict))) {
      // A second prediction of an expected value already matched (e.g. two names of one drug): not an error.
    } else extras.push(p);
  }
  const misses = exp.filter((_, k) => !used.has(k));
  return { tp, fp: extras.length, fn: misses.length, misses, extras };
}

// ---------------------------------------------------------------------------------------------------------------
// Expected facts of FHIR JSON, by plain rules

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function resources(json: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(json)) for (const v of json) resources(v, out);
  else if (isObj(json)) {
    if (typeof json.resourceType === "string") out.push(json);
    for (const v of Object.values(json)) if (typeof v === "object") resources(v, out);
  }
  return out;
}

const codingsOf = (concept: unknown) => (isObj(concept) ? arr(concept.coding).filter(isObj) : []);
const ICD = /icd-10-cm|2\.16\.840\.1\.113883\.6\.90/i;
const NDC = /sid\/ndc|2\.16\.840\.1\.113883\.6\.69/i;

export function fhirLabels(json: unknown): Labels {
  const all = resources(json);
  const byRef = new Map<string, Json>();
  for (const r of all) if (typeof r.id === "string") byRef.set(`${r.resourceType}/${r.id}`, r);
  const patients = all.filter((r) => r.resourceType === "Patient");
  let patient: Json | undefined = patients.length === 1 ? patients[0] : undefined;
  if (!patient) {
    for (const r of all) {
      const ref = (isObj(r.patient) && r.patient.reference) || (isObj(r.subject) && r.subject.reference) || (isObj(r.beneficiary) && r.beneficiary.reference);
      if (typeof ref === "string" && byRef.get(ref)?.resourceType === "Patient") {
        patient = byRef.get(ref);
        break;
      }
    }
  }
  const dx = new Set<string>();
  for (const r of all) {
    const concepts =
      r.resourceType === "Condition" ? [r.code] : (r.resourceType === "Claim" || r.resourceType === "ExplanationOfBenefit") && ["preauthorization", "predetermination"].includes(String(r.use)) ? arr(r.diagnosis).map((d) => (isObj(d) ? d.diagnosisCodeableConcept : null)) : [];
    for (const c of concepts) for (const coding of codingsOf(c)) if (ICD.test(String(coding.system)) && typeof coding.code === "string") dx.add(normalizeIcd10(coding.code) ?? coding.code);
  }
  const drugs: string[] = [];
  const quantities: string[] = [];
  for (const r of all) {
    // A finished order (completed, stopped, cancelled) is history, not a request.
    if (r.resourceType === "MedicationRequest" && !["completed", "stopped", "cancelled", "entered-in-error"].includes(String(r.status))) {
      const concept = r.medicationCodeableConcept;
      const ndc = codingsOf(concept).find((c) => NDC.test(String(c.system)));
      const text = isObj(concept) ? (concept.text ?? codingsOf(concept)[0]?.display) : null;
      if (ndc) drugs.push(`ndc:${normalizeNdc(String(ndc.code))}`);
      else if (typeof text === "string") drugs.push(`name:${text}`);
      const q = isObj(r.dispenseRequest) && isObj(r.dispenseRequest.quantity) ? r.dispenseRequest.quantity.value : undefined;
      if (typeof q === "number") quantities.push(String(q));
    }
    // Items of a prior authorization request are requested; a paid claim's items are history.
    if ((r.resourceType === "Claim" || r.resourceType === "ExplanationOfBenefit") && ["preauthorization", "predetermination"].includes(String(r.use))) {
      for (const item of arr(r.item).filter(isObj)) {
        const ndc = codingsOf(item.productOrService).find((c) => NDC.test(String(c.system)));
        if (ndc) drugs.push(`ndc:${normalizeNdc(String(ndc.code))}`);
      }
    }
  }
  const npis = all
    .filter((r) => r.resourceType === "Practitioner")
    .flatMap((r) => arr(r.identifier).filter(isObj).filter((i) => /us-npi|2\.16\.840\.1\.113883\.4\.6/.test(String(i.system))).map((i) => String(i.value)));
  const specialties = all
    .filter((r) => r.resourceType === "PractitionerRole")
    .flatMap((r) => arr(r.specialty).map((s) => (isObj(s) ? (s.text ?? codingsOf(s)[0]?.display) : null)).filter((s): s is string => typeof s === "string"));
  return {
    ...(patient && typeof patient.birthDate === "string" ? { dob: [patient.birthDate] } : patients.length ? {} : { dob: [] }),
    diagnoses: [...dx],
    drug: [...new Set(drugs)],
    npi: [...new Set(npis)],
    specialty: [...new Set(specialties)],
    quantity: quantities,
  };
}

/** Counts added up (a field a case does not score is undefined). */
export const sumCounts = (counts: readonly (Count | undefined)[]): Count =>
  counts.reduce<Count>((t, c) => ({ tp: t.tp + (c?.tp ?? 0), fp: t.fp + (c?.fp ?? 0), fn: t.fn + (c?.fn ?? 0) }), { tp: 0, fp: 0, fn: 0 });

/** Precision, recall and F1 of counts (1 when nothing was expected nor predicted). */
export function f1(c: Count): { p: number; r: number; f: number } {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

/** The labels of a PDF case (policy-cases/labels.json, policy-families/labels.json) as expected values per field. */
export function labelsOfCase(l: Record<string, unknown>): Labels {
  const labels: Labels = {};
  if (typeof l.patient_dob === "string") labels.dob = [l.patient_dob];
  if (Array.isArray(l.dx_icd10)) labels.diagnoses = l.dx_icd10.map(String);
  if (typeof l.prescriber_specialty === "string") labels.specialty = [l.prescriber_specialty];
  if (typeof l.drug === "string") labels.drug = [`name:${l.drug}`];
  if (typeof l.prescriber_npi === "string") labels.npi = [l.prescriber_npi];
  if (typeof l.quantity === "number") labels.quantity = [String(l.quantity)];
  return labels;
}

/** Counts of one case's labelled fields (fields the labels leave out are not scored) and its mismatches in words. */
export function scoreCase(facts: IntakeFacts, labels: Labels): { counts: Partial<Record<Field, Count>>; mismatches: string[] } {
  const pred = predicted(facts);
  const counts: Partial<Record<Field, Count>> = {};
  const mismatches: string[] = [];
  for (const field of FIELDS) {
    const exp = labels[field];
    if (!exp) continue;
    const s = score(pred[field], exp, field, false);
    counts[field] = { tp: s.tp, fp: s.fp, fn: s.fn };
    if (s.misses.length || s.extras.length) mismatches.push(`${field}: missed ${JSON.stringify(s.misses)} extra ${JSON.stringify(s.extras)}`);
  }
  return { counts, mismatches };
}

