// Facts from FHIR R4 JSON: a Bundle of any type (transaction, collection, searchset, document, history; nested
// Bundles and Parameters too) or a single resource. Patient, Practitioner (+ PractitionerRole specialty),
// Condition, MedicationRequest (+ Medication), Claim / ExplanationOfBenefit (Da Vinci PAS requests carry the
// requested items in Claim.item), Procedure / ServiceRequest / DeviceRequest codes, Coverage member ids,
// laboratory Observations. Codings of other systems are kept as they came, never relabelled. One pass over the
// resources plus map lookups: a 10,000-entry Bundle takes milliseconds.
import { isKnownIcd10Category } from "@/lib/lexicon/codes/icd10";
import { formatNdc11 } from "@/lib/lexicon/codes/ndc";
import { isValidNpi, normalizeNpi } from "@/lib/lexicon/codes/npi";
import { classifyProcedureCode } from "@/lib/lexicon/codes/procedure-codes";
import { emptyDiagnosis, emptyFacts, emptyMedicationRequest, emptyPatient, emptyPractitioner, jsonEvidence, normalizePhone } from "@/lib/intake/facts";
import type { Evidence, IntakeDiagnosis, IntakeFacts, IntakeMedicationRequest, IntakePatient, IntakePractitioner, PostalAddress } from "@/lib/intake/types";
import { outcomeOf } from "@/lib/intake/text/find-prior-treatments";
import {
  asArray,
  codings,
  conceptText,
  durationDays,
  fhirDate,
  isNpiSystem,
  isObject,
  isProcedureSystem,
  num,
  splitDiagnosisCodings,
  splitMedicationCodings,
  str,
  type Json,
} from "./fhir-codes";
import { readCoverage } from "./read-coverage";

/** Most resources read from one document; the rest are ignored (with a warning). */
export const MAX_FHIR_RESOURCES = 100_000;
const MAX_DEPTH = 4;

const at = (path: string, rest: string) => (path ? `${path}.${rest}` : rest);

interface Item {
  resource: Json;
  path: string;
  fullUrl: string | null;
}

/** Every resource in a FHIR document, with its JSON path. */
function collect(json: unknown, warnings: string[]): Item[] {
  const items: Item[] = [];
  const visit = (node: unknown, path: string, fullUrl: string | null, depth: number) => {
    if (!isObject(node) || items.length >= MAX_FHIR_RESOURCES) return;
    const type = str(node.resourceType);
    if (!type) return;
    if (type === "Bundle") {
      if (depth >= MAX_DEPTH) return;
      const entries = asArray(node.entry);
      for (let i = 0; i < entries.length && items.length < MAX_FHIR_RESOURCES; i++) {
        const entry = entries[i];
        if (isObject(entry)) visit(entry.resource, at(path, `entry[${i}].resource`), str(entry.fullUrl), depth + 1);
      }
      if (entries.length && items.length >= MAX_FHIR_RESOURCES) warnings.push(`Only the first ${MAX_FHIR_RESOURCES} resources of the Bundle were read.`);
      return;
    }
    if (type === "Parameters") {
      asArray(node.parameter).forEach((p, i) => isObject(p) && visit(p.resource, at(path, `parameter[${i}].resource`), null, depth + 1));
      return;
    }
    items.push({ resource: node, path, fullUrl });
  };
  visit(json, "", null, 0);
  return items;
}

/** Resolves references: "Patient/1", "urn:uuid:...", absolute URLs ending in Type/id, "#contained". */
class References {
  private byKey = new Map<string, Item>();
  constructor(items: Item[]) {
    for (const item of items) {
      const type = str(item.resource.resourceType);
      const id = str(item.resource.id);
      if (item.fullUrl) this.byKey.set(item.fullUrl, item);
      if (type && id) {
        this.byKey.set(`${type}/${id}`, item);
        if (!this.byKey.has(id)) this.byKey.set(id, item);
      }
    }
  }
  resolve(ref: unknown, from?: Item): Item | null {
    const reference = isObject(ref) ? str(ref.reference) : null;
    if (!reference) return null;
    if (reference.startsWith("#") && from) {
      const id = reference.slice(1);
      const index = asArray(from.resource.contained).findIndex((c) => isObject(c) && c.id === id);
      const contained = asArray(from.resource.contained)[index];
      return isObject(contained) ? { resource: contained, path: `${from.path}.contained[${index}]`, fullUrl: null } : null;
    }
    const hit = this.byKey.get(reference);
    if (hit) return hit;
    const tail = /([A-Za-z]+\/[^/]+?)(?:\/_history\/[^/]+)?$/.exec(reference)?.[1];
    return tail ? (this.byKey.get(tail) ?? null) : null;
  }
}

export function extractFhirFacts(doc: { id: string }, json: unknown): IntakeFacts {
  const facts = emptyFacts();
  const items = collect(json, facts.warnings);
  if (!items.length) {
    facts.warnings.push("The JSON document holds no FHIR resource (no resourceType).");
    return facts;
  }
  const refs = new References(items);
  const ev = (item: Item, rest: string, value: unknown, field: string): Evidence => jsonEvidence(doc, at(item.path, rest), value, field);
  const byType = new Map<string, Item[]>();
  for (const item of items) {
    const type = str(item.resource.resourceType) as string;
    byType.set(type, [...(byType.get(type) ?? []), item]);
  }
  const of = (type: string) => byType.get(type) ?? [];

  // The patient: the one the requests and conditions point at most often, else the first.
  const patients = of("Patient");
  const counts = new Map<Item, number>();
  for (const item of items) {
    for (const key of ["patient", "subject", "beneficiary"]) {
      const target = refs.resolve(item.resource[key], item);
      if (target && target.resource.resourceType === "Patient") counts.set(target, (counts.get(target) ?? 0) + 1);
    }
  }
  const patientItem = [...patients].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
  if (patientItem) {
    facts.patient = readPatient(patientItem, ev);
    if (patients.length > 1 && new Set(patients.map((p) => JSON.stringify(p.resource.name ?? null))).size > 1) {
      facts.warnings.push(`The FHIR document holds ${patients.length} Patients; the intake uses ${patientItem.path || "the resource"} (the one most resources refer to).`);
    }
    for (const coverage of of("Coverage")) {
      const beneficiary = refs.resolve(coverage.resource.beneficiary, coverage);
      if (!facts.coverage && !(beneficiary && beneficiary !== patientItem)) {
        facts.coverage = readCoverage(
          coverage.resource,
          (rest, value, field) => ev(coverage, rest, value, field),
          (ref) => str(refs.resolve(ref, coverage)?.resource.name),
        );
      }
      if (facts.patient.memberId || (beneficiary && beneficiary !== patientItem)) continue;
      const id = str(coverage.resource.subscriberId) ?? memberIdentifier(coverage.resource.identifier);
      if (id) {
        facts.patient.memberId = id;
        facts.patient.evidence.push(ev(coverage, str(coverage.resource.subscriberId) ? "subscriberId" : "identifier", id, "memberId"));
      }
    }
  }

  // Practitioners: prescribers are those the requests name as requester / provider / care team.
  const prescribers = new Set<Json>();
  const specialties = new Map<Json, { text: string; item: Item; rest: string }>();
  const markPrescriber = (ref: unknown, from: Item) => {
    const target = refs.resolve(ref, from);
    if (!target) return;
    if (target.resource.resourceType === "Practitioner") prescribers.add(target.resource);
    if (target.resource.resourceType === "PractitionerRole") {
      const practitioner = refs.resolve(target.resource.practitioner, target);
      if (practitioner) prescribers.add(practitioner.resource);
    }
  };
  for (const item of [...of("MedicationRequest"), ...of("ServiceRequest"), ...of("DeviceRequest")]) markPrescriber(item.resource.requester, item);
  for (const item of [...of("Claim"), ...of("ExplanationOfBenefit")]) {
    if (!isRequest(item.resource)) continue;
    markPrescriber(item.resource.provider, item);
    for (const member of asArray(item.resource.careTeam)) if (isObject(member)) markPrescriber(member.provider, item);
  }
  for (const role of of("PractitionerRole")) {
    const practitioner = refs.resolve(role.resource.practitioner, role);
    const specialty = asArray(role.resource.specialty).map(conceptText).find(Boolean);
    const index = asArray(role.resource.specialty).findIndex((s) => conceptText(s));
    if (practitioner && specialty) specialties.set(practitioner.resource, { text: specialty, item: role, rest: `specialty[${index}]` });
  }
  for (const item of of("Practitioner")) {
    const p = readPractitioner(item, ev, prescribers.has(item.resource) ? "prescriber" : "other");
    const specialty = specialties.get(item.resource);
    if (specialty) {
      p.specialty = specialty.text;
      p.evidence.push(ev(specialty.item, specialty.rest, specialty.text, "specialty"));
    }
    if (p.npi && !p.npiValid) facts.warnings.push(`NPI ${p.npi} of ${item.path || "the Practitioner"} fails the NPI check digit.`);
    facts.practitioners.push(p);
  }
  // Prescribers first, as the builders take the first prescriber as the requester.
  facts.practitioners.sort((a, b) => (a.role === b.role ? 0 : a.role === "prescriber" ? -1 : 1));

  // Conditions.
  const conditionCodes = new Map<Json, string[]>();
  for (const item of of("Condition")) {
    const dx = readCondition(item, ev, facts.warnings);
    if (!dx) continue;
    conditionCodes.set(item.resource, dx.icd10);
    facts.diagnoses.push(dx);
  }

  // Medication requests: active ones are requests; finished ones are history.
  for (const item of of("MedicationRequest")) {
    const status = str(item.resource.status) ?? "unknown";
    if (status === "entered-in-error") continue;
    const mr = readMedicationRequest(item, refs, ev, conditionCodes);
    if (!mr) continue;
    if (["completed", "stopped", "cancelled"].includes(status)) {
      const reason = conceptText(item.resource.statusReason) ?? "";
      facts.priorTreatments.push({
        drug: mr.name,
        outcome: outcomeOf(reason, "unknown"),
        startDate: fhirDate(item.resource.authoredOn),
        endDate: null,
        durationDays: null,
        evidence: mr.evidence.filter((e) => e.field === "name" || e.field === "ndc"),
      });
    } else {
      facts.medicationRequests.push(mr);
    }
  }
  for (const item of of("MedicationStatement")) {
    const name = medicationName(item, refs, "medication");
    if (!name) continue;
    const status = str(item.resource.status) ?? "";
    facts.priorTreatments.push({
      drug: name.text,
      outcome: status === "active" ? "ongoing" : outcomeOf(conceptText(asArray(item.resource.statusReason)[0]) ?? "", "unknown"),
      startDate: fhirDate(isObject(item.resource.effectivePeriod) ? item.resource.effectivePeriod.start : item.resource.effectiveDateTime),
      endDate: fhirDate(isObject(item.resource.effectivePeriod) ? item.resource.effectivePeriod.end : null),
      durationDays: null,
      evidence: [ev(item, name.rest, name.text, "drug")],
    });
  }

  // Claims and EOBs: a prior authorization request lists what is requested; a paid claim is history.
  for (const item of [...of("Claim"), ...of("ExplanationOfBenefit")]) readClaim(item, ev, facts);

  // Procedure, service and device codes.
  for (const type of ["ServiceRequest", "DeviceRequest", "Procedure"]) {
    for (const item of of(type)) {
      const key = type === "DeviceRequest" ? "codeCodeableConcept" : "code";
      for (const { coding, index } of codings(item.resource[key])) addProcedure(facts, coding, ev(item, `${key}.coding[${index}].code`, coding.code, "procedureCode"));
    }
  }

  // Laboratory results.
  for (const item of of("Observation")) {
    const categories = asArray(item.resource.category).flatMap((c) => codings(c).map((x) => x.coding.code));
    if (!categories.includes("laboratory")) continue;
    const name = conceptText(item.resource.code);
    const q = isObject(item.resource.valueQuantity) ? item.resource.valueQuantity : null;
    const value = q ? num(q.value) : null;
    const text = value !== null ? String(value) : (str(item.resource.valueString) ?? conceptText(item.resource.valueCodeableConcept));
    if (!name || !text) continue;
    facts.labs.push({
      name,
      value: text,
      unit: q ? (str(q.unit) ?? str(q.code)) : null,
      date: fhirDate(item.resource.effectiveDateTime ?? item.resource.issued),
      evidence: [ev(item, q ? "valueQuantity" : "value", q ?? text, "value")],
    });
  }
  return facts;
}

const isRequest = (r: Json) => ["preauthorization", "predetermination"].includes(str(r.use) ?? "");

function memberIdentifier(identifiers: unknown): string | null {
  for (const id of asArray(identifiers)) {
    if (!isObject(id)) continue;
    const type = codings(id.type).map((c) => c.coding.code);
    if (type.includes("MB") || type.includes("SN") || /member|subscriber|\bMIN\b/i.test(str(id.system) ?? "")) return str(id.value);
  }
  return null;
}

function readName(resource: Json): { given: string[]; family: string | null; prefix: string[]; index: number } | null {
  const names = asArray(resource.name).filter(isObject);
  const index = Math.max(0, names.findIndex((n) => n.use === "official"));
  const name = names[index];
  if (!name) return null;
  const given = asArray(name.given).map(str).filter((g): g is string => !!g);
  const prefix = asArray(name.prefix).map(str).filter((g): g is string => !!g);
  let family = str(name.family);
  if (!family && !given.length && str(name.text)) {
    const words = (str(name.text) as string).split(/\s+/);
    family = words.pop() ?? null;
    given.push(...words);
  }
  return { given, family, prefix, index };
}

function readTelecom(resource: Json, system: "phone" | "fax"): { value: string; index: number } | null {
  const list = asArray(resource.telecom);
  const index = list.findIndex((t) => isObject(t) && t.system === system && str(t.value));
  return index >= 0 ? { value: str((list[index] as Json).value) as string, index } : null;
}

function readAddress(resource: Json): { address: PostalAddress; index: number } | null {
  const list = asArray(resource.address);
  const index = list.findIndex(isObject);
  if (index < 0) return null;
  const a = list[index] as Json;
  return {
    index,
    address: {
      line: asArray(a.line).map(str).filter((l): l is string => !!l),
      city: str(a.city),
      state: str(a.state),
      postalCode: str(a.postalCode),
      country: str(a.country),
    },
  };
}

type Ev = (item: Item, rest: string, value: unknown, field: string) => Evidence;

function readPatient(item: Item, ev: Ev): IntakePatient {
  const r = item.resource;
  const p = emptyPatient();
  const name = readName(r);
  if (name) {
    p.given = name.given;
    p.family = name.family;
    p.evidence.push(ev(item, `name[${name.index}]`, r.name && asArray(r.name)[name.index], "name"));
  }
  const birthDate = fhirDate(r.birthDate);
  if (birthDate) {
    p.birthDate = birthDate;
    p.evidence.push(ev(item, "birthDate", r.birthDate, "birthDate"));
  }
  const gender = str(r.gender);
  if (gender && ["male", "female", "other", "unknown"].includes(gender)) {
    p.gender = gender as IntakePatient["gender"];
    p.evidence.push(ev(item, "gender", gender, "gender"));
  }
  const memberId = memberIdentifier(r.identifier);
  if (memberId) {
    p.memberId = memberId;
    p.evidence.push(ev(item, "identifier", memberId, "memberId"));
  }
  const phone = readTelecom(r, "phone");
  if (phone) {
    p.phone = normalizePhone(phone.value) ?? phone.value;
    p.evidence.push(ev(item, `telecom[${phone.index}].value`, phone.value, "phone"));
  }
  const address = readAddress(r);
  if (address) {
    p.address = address.address;
    p.evidence.push(ev(item, `address[${address.index}]`, address.address, "address"));
  }
  return p;
}

function readPractitioner(item: Item, ev: Ev, role: IntakePractitioner["role"]): IntakePractitioner {
  const r = item.resource;
  const p = emptyPractitioner(role);
  const identifiers = asArray(r.identifier);
  const npiIndex = identifiers.findIndex((id) => isObject(id) && isNpiSystem(str(id.system)) && str(id.value));
  if (npiIndex >= 0) {
    const raw = str((identifiers[npiIndex] as Json).value) as string;
    p.npi = normalizeNpi(raw) ?? raw;
    p.npiValid = isValidNpi(p.npi);
    p.evidence.push(ev(item, `identifier[${npiIndex}].value`, raw, "npi"));
  }
  const name = readName(r);
  if (name) {
    Object.assign(p, { given: name.given, family: name.family, prefix: name.prefix });
    p.evidence.push(ev(item, `name[${name.index}]`, asArray(r.name)[name.index], "name"));
  }
  for (const system of ["phone", "fax"] as const) {
    const t = readTelecom(r, system);
    if (t) {
      p[system] = normalizePhone(t.value) ?? t.value;
      p.evidence.push(ev(item, `telecom[${t.index}].value`, t.value, system));
    }
  }
  const address = readAddress(r);
  if (address) {
    p.address = address.address;
    p.evidence.push(ev(item, `address[${address.index}]`, address.address, "address"));
  }
  return p;
}

const CLINICAL = ["active", "recurrence", "relapse", "inactive", "remission", "resolved"] as const;
const VERIFICATION = ["confirmed", "provisional", "differential", "unconfirmed"] as const;

function readCondition(item: Item, ev: Ev, warnings: string[]): IntakeDiagnosis | null {
  const r = item.resource;
  const verification = codings(r.verificationStatus).map((c) => c.coding.code)[0];
  if (verification === "entered-in-error" || verification === "refuted") return null;
  const { icd10, other } = splitDiagnosisCodings(r.code);
  const name = conceptText(r.code);
  if (!icd10.length && !other.length && !name) return null;
  const dx = emptyDiagnosis();
  dx.icd10 = [...new Set(icd10.map((c) => c.code))];
  if (dx.icd10.length) dx.icd10Source = "stated";
  dx.otherCodings = other;
  dx.name = name;
  const clinical = codings(r.clinicalStatus).map((c) => c.coding.code)[0];
  if (clinical && (CLINICAL as readonly string[]).includes(clinical)) dx.clinicalStatus = clinical as IntakeDiagnosis["clinicalStatus"];
  if (verification && (VERIFICATION as readonly string[]).includes(verification)) dx.verificationStatus = verification as IntakeDiagnosis["verificationStatus"];
  dx.onsetDate = fhirDate(r.onsetDateTime ?? (isObject(r.onsetPeriod) ? r.onsetPeriod.start : null) ?? r.recordedDate);
  dx.notes = asArray(r.note).map((n) => (isObject(n) ? str(n.text) : null)).filter((n): n is string => !!n);
  for (const c of icd10) {
    dx.evidence.push(ev(item, `code.coding[${c.index}].code`, c.raw, "icd10"));
    if (!isKnownIcd10Category(c.code)) warnings.push(`ICD-10-CM ${c.code} (${item.path || "Condition"}) is not in a known ICD-10-CM category.`);
  }
  if (!icd10.length && name) dx.evidence.push(ev(item, "code", name, "name"));
  return dx;
}

function medicationName(item: Item, refs: References, key: "medication"): { text: string; concept: unknown; rest: string } | null {
  const r = item.resource;
  const concept = r[`${key}CodeableConcept`];
  if (isObject(concept)) {
    const { ndc } = splitMedicationCodings(concept);
    const text = conceptText(concept) ?? (ndc ? `NDC ${formatNdc11(ndc.code)}` : null);
    return text ? { text, concept, rest: `${key}CodeableConcept` } : null;
  }
  const medication = refs.resolve(r[`${key}Reference`], item);
  if (medication && isObject(medication.resource.code)) {
    const { ndc } = splitMedicationCodings(medication.resource.code);
    const text = conceptText(medication.resource.code) ?? (ndc ? `NDC ${formatNdc11(ndc.code)}` : null);
    return text ? { text, concept: medication.resource.code, rest: `${key}Reference` } : null;
  }
  const display = isObject(r[`${key}Reference`]) ? str((r[`${key}Reference`] as Json).display) : null;
  return display ? { text: display, concept: null, rest: `${key}Reference.display` } : null;
}

function readMedicationRequest(item: Item, refs: References, ev: Ev, conditionCodes: Map<Json, string[]>): IntakeMedicationRequest | null {
  const r = item.resource;
  const name = medicationName(item, refs, "medication");
  if (!name) return null;
  const mr = emptyMedicationRequest(name.text);
  mr.evidence.push(ev(item, name.rest, name.text, "name"));
  const { ndc, other } = splitMedicationCodings(name.concept);
  if (ndc) {
    mr.ndc = ndc.code;
    mr.evidence.push(ev(item, `${name.rest}.coding[${ndc.index}].code`, ndc.raw, "ndc"));
  }
  mr.otherCodings = other;
  const dosage = asArray(r.dosageInstruction).find(isObject);
  if (dosage) {
    mr.directions = str(dosage.text) ?? str(dosage.patientInstruction);
    mr.route = conceptText(dosage.route);
    const dose = asArray(dosage.doseAndRate).find(isObject);
    const quantity = dose && isObject(dose.doseQuantity) ? dose.doseQuantity : null;
    if (quantity && num(quantity.value) !== null) {
      mr.doseValue = String(num(quantity.value));
      mr.doseUnit = str(quantity.unit) ?? str(quantity.code);
    }
    if (mr.directions) mr.evidence.push(ev(item, "dosageInstruction[0].text", mr.directions, "directions"));
  }
  const dispense = isObject(r.dispenseRequest) ? r.dispenseRequest : null;
  if (dispense) {
    const q = isObject(dispense.quantity) ? dispense.quantity : null;
    if (q && num(q.value) !== null) {
      mr.quantity = num(q.value);
      mr.quantityUnit = str(q.unit) ?? str(q.code);
      mr.evidence.push(ev(item, "dispenseRequest.quantity", q, "quantity"));
    }
    const days = durationDays(dispense.expectedSupplyDuration);
    if (days !== null) {
      mr.daysSupply = days;
      mr.evidence.push(ev(item, "dispenseRequest.expectedSupplyDuration", dispense.expectedSupplyDuration, "daysSupply"));
    }
    const refills = num(dispense.numberOfRepeatsAllowed);
    if (refills !== null) mr.refills = refills;
  }
  for (const reason of asArray(r.reasonCode)) {
    const { icd10 } = splitDiagnosisCodings(reason);
    mr.reasons.push(...(icd10.length ? icd10.map((c) => c.code) : [conceptText(reason)].filter((t): t is string => !!t)));
  }
  for (const ref of asArray(r.reasonReference)) {
    const target = refs.resolve(ref, item);
    if (target) mr.reasons.push(...(conditionCodes.get(target.resource) ?? []));
  }
  mr.reasons = [...new Set(mr.reasons)];
  return mr;
}

function addProcedure(facts: IntakeFacts, coding: { system: string; code: string; display?: string }, evidence: Evidence) {
  if (!isProcedureSystem(coding.system)) return;
  const system = classifyProcedureCode(coding.code);
  if (!system) return;
  const code = coding.code.trim().toUpperCase();
  const known = facts.procedures.find((p) => p.code === code);
  if (known) known.evidence.push(evidence);
  else facts.procedures.push({ code, system, display: coding.display ?? null, evidence: [evidence] });
}

function readClaim(item: Item, ev: Ev, facts: IntakeFacts) {
  const r = item.resource;
  const request = isRequest(r);
  if (request) {
    asArray(r.diagnosis).forEach((d, i) => {
      if (!isObject(d)) return;
      const { icd10, other } = splitDiagnosisCodings(d.diagnosisCodeableConcept);
      if (!icd10.length && !other.length) return;
      const dx = emptyDiagnosis();
      dx.icd10 = [...new Set(icd10.map((c) => c.code))];
      if (dx.icd10.length) dx.icd10Source = "stated";
      dx.otherCodings = other;
      dx.name = conceptText(d.diagnosisCodeableConcept);
      dx.evidence = icd10.map((c) => ev(item, `diagnosis[${i}].diagnosisCodeableConcept.coding[${c.index}].code`, c.raw, "icd10"));
      facts.diagnoses.push(dx);
    });
  }
  const served = fhirDate(isObject(r.billablePeriod) ? r.billablePeriod.start : r.created);
  asArray(r.item).forEach((it, i) => {
    if (!isObject(it)) return;
    const concept = it.productOrService;
    const { ndc, other } = splitMedicationCodings(concept);
    if (ndc) {
      const text = conceptText(concept) ?? `NDC ${formatNdc11(ndc.code)}`;
      const evidence = ev(item, `item[${i}].productOrService.coding[${ndc.index}].code`, ndc.raw, "ndc");
      if (request) {
        const mr = emptyMedicationRequest(text);
        mr.ndc = ndc.code;
        mr.otherCodings = other;
        mr.evidence.push(evidence);
        const q = isObject(it.quantity) ? it.quantity : null;
        if (q && num(q.value) !== null) {
          mr.quantity = num(q.value);
          mr.quantityUnit = str(q.unit) ?? str(q.code);
          mr.evidence.push(ev(item, `item[${i}].quantity`, q, "quantity"));
        }
        facts.medicationRequests.push(mr);
      } else {
        facts.priorTreatments.push({ drug: text, outcome: "unknown", startDate: fhirDate(it.servicedDate) ?? served, endDate: null, durationDays: null, evidence: [evidence] });
      }
      return;
    }
    if (!request) return;
    for (const { coding, index } of codings(concept)) addProcedure(facts, coding, ev(item, `item[${i}].productOrService.coding[${index}].code`, coding.code, "procedureCode"));
  });
}
