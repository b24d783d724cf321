// Facts from an ePA payload (epa-payload.ts), or from a FHIR Bundle / resource sent as the payload.
import { isKnownIcd10Category, normalizeIcd10 } from "@/lib/lexicon/codes/icd10";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { isValidNpi, normalizeNpi } from "@/lib/lexicon/codes/npi";
import { classifyProcedureCode } from "@/lib/lexicon/codes/procedure-codes";
import { extractFhirFacts } from "@/lib/intake/fhir/extract-fhir-facts";
import { emptyDiagnosis, emptyFacts, emptyMedicationRequest, emptyPatient, emptyPractitioner, genderFrom, jsonEvidence, normalizePhone } from "@/lib/intake/facts";
import { parseBirthDate, parseDate } from "@/lib/lexicon/dates";
import { outcomeOf } from "@/lib/intake/text/find-prior-treatments";
import { doseIn, routeIn, strengthIn } from "@/lib/intake/text/medication-details";
import { parsePersonName } from "@/lib/intake/text/person-name";
import { icd10Title } from "@/lib/lexicon/codes/icd10";
import type { IntakeCoverage, IntakeFacts, PostalAddress, PriorTreatment } from "@/lib/intake/types";
import { parseEpaPayload, type TEpaPayload } from "./epa-payload";

/** The documentId of evidence read from the ePA payload (it is part of the request, not a stored document). */
export const EPA_PAYLOAD_SOURCE = "epa_payload";

type Address = NonNullable<NonNullable<TEpaPayload["patient"]>["address"]>;

function address(a: Address | undefined): PostalAddress | null {
  if (!a) return null;
  const lines = "line" in a && a.line ? a.line : [];
  const o = a as { line1?: string; line2?: string; street?: string; city?: string; state?: string; zip?: string; postal_code?: string; country?: string };
  const line = [...lines, o.line1, o.line2, o.street].filter((l): l is string => !!l);
  return { line, city: o.city ?? null, state: o.state ?? null, postalCode: o.zip ?? o.postal_code ?? null, country: o.country ?? null };
}

const OUTCOMES: PriorTreatment["outcome"][] = ["failed", "inadequate_response", "intolerant", "contraindicated", "ongoing", "unknown"];

export function extractEpaFacts(payload: unknown): IntakeFacts {
  if (typeof payload === "object" && payload !== null && "resourceType" in payload) {
    return extractFhirFacts({ id: EPA_PAYLOAD_SOURCE }, payload);
  }
  const { data, warnings, medicationIsList } = parseEpaPayload(payload);
  const facts = emptyFacts();
  facts.warnings.push(...warnings);
  const ev = (path: string, value: unknown, field: string) => jsonEvidence({ id: EPA_PAYLOAD_SOURCE }, path, value, field);

  if (data.patient) {
    const src = data.patient;
    const p = emptyPatient();
    const full = src.name ? parsePersonName(src.name) : null;
    p.given = [src.first_name, src.middle_name].filter((g): g is string => !!g);
    if (!p.given.length && full) p.given = full.given;
    p.family = src.last_name ?? full?.family ?? null;
    if (src.first_name || src.last_name || src.name) p.evidence.push(ev("patient.name", [src.first_name, src.last_name].filter(Boolean).join(" ") || src.name, "name"));
    if (src.birth_date) {
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(src.birth_date) ? src.birth_date : parseBirthDate(src.birth_date)?.iso;
      if (iso) {
        p.birthDate = iso;
        p.evidence.push(ev("patient.birth_date", src.birth_date, "birthDate"));
      } else facts.warnings.push(`epa_payload.patient.birth_date "${src.birth_date}" is not a date; it was ignored.`);
    }
    if (src.gender) {
      p.gender = genderFrom(src.gender);
      if (p.gender) p.evidence.push(ev("patient.gender", src.gender, "gender"));
    }
    if (src.member_id) {
      p.memberId = src.member_id;
      p.evidence.push(ev("patient.member_id", src.member_id, "memberId"));
    }
    if (src.phone) p.phone = normalizePhone(src.phone);
    p.address = address(src.address);
    facts.patient = p;
  }

  {
    const c = data.coverage ?? {};
    const coverage: IntakeCoverage = { memberId: null, payer: null, plan: null, group: null, evidence: [] };
    const memberId = c.member_id ?? data.patient?.member_id;
    if (memberId) {
      coverage.memberId = memberId;
      coverage.evidence.push(ev(c.member_id ? "coverage.member_id" : "patient.member_id", memberId, "memberId"));
    }
    for (const field of ["payer", "plan", "group"] as const) {
      const value = c[field];
      if (!value) continue;
      coverage[field] = value;
      coverage.evidence.push(ev(`coverage.${field}`, value, field));
    }
    if (coverage.evidence.length) facts.coverage = coverage;
  }

  if (data.prescriber) {
    const src = data.prescriber;
    const p = emptyPractitioner("prescriber");
    const full = src.name ? parsePersonName(src.name) : null;
    p.prefix = src.prefix ? [src.prefix] : (full?.prefix ?? []);
    p.given = src.first_name ? [src.first_name] : (full?.given ?? []);
    p.family = src.last_name ?? full?.family ?? null;
    if (p.family) p.evidence.push(ev("prescriber.name", [src.first_name, src.last_name].filter(Boolean).join(" ") || src.name, "name"));
    if (src.npi) {
      p.npi = normalizeNpi(src.npi) ?? src.npi;
      p.npiValid = isValidNpi(p.npi);
      p.evidence.push(ev("prescriber.npi", src.npi, "npi"));
      if (!p.npiValid) facts.warnings.push(`Prescriber NPI ${p.npi} (epa_payload) fails the NPI check digit.`);
    }
    if (src.specialty) {
      p.specialty = src.specialty;
      p.evidence.push(ev("prescriber.specialty", src.specialty, "specialty"));
    }
    p.phone = src.phone ? normalizePhone(src.phone) : null;
    p.fax = src.fax ? normalizePhone(src.fax) : null;
    p.address = address(src.address);
    facts.practitioners.push(p);
  }

  (data.diagnoses ?? []).forEach((d, i) => {
    const dx = emptyDiagnosis();
    const system = (d.system ?? "ICD-10-CM").toLowerCase();
    const isIcd = /icd-?10|2\.16\.840\.1\.113883\.6\.90/.test(system);
    const code = d.code && isIcd ? normalizeIcd10(d.code) : null;
    if (code) {
      dx.icd10 = [code];
      dx.icd10Source = "stated";
      dx.evidence.push(ev(`diagnoses[${i}].code`, d.code, "icd10"));
      if (!isKnownIcd10Category(code)) facts.warnings.push(`ICD-10-CM ${code} (epa_payload.diagnoses[${i}]) is not in a known ICD-10-CM category.`);
    } else if (d.code) {
      if (isIcd) facts.warnings.push(`epa_payload.diagnoses[${i}].code "${d.code}" is not an ICD-10-CM code; it was kept as given.`);
      dx.otherCodings = [{ system: d.system ?? "unknown", code: d.code, ...(d.description ? { display: d.description } : {}) }];
      dx.evidence.push(ev(`diagnoses[${i}].code`, d.code, "code"));
    }
    dx.name = d.description ?? (code ? (icd10Title(code)?.exact ? (icd10Title(code)?.title ?? null) : null) : null);
    if (d.description) dx.evidence.push(ev(`diagnoses[${i}].description`, d.description, "name"));
    dx.onsetDate = d.onset_date ? parseDate(d.onset_date) : null;
    if (dx.icd10.length || dx.otherCodings.length || dx.name) facts.diagnoses.push(dx);
  });

  (data.medication ?? []).forEach((m, i) => {
    const base = medicationIsList ? `medication[${i}]` : "medication";
    const ndc = m.ndc ? normalizeNdc(m.ndc) : null;
    if (m.ndc && !ndc) facts.warnings.push(`${base}.ndc "${m.ndc}" is not an NDC in a known layout; it was ignored.`);
    if (!m.drug_name && !ndc) return;
    const mr = emptyMedicationRequest(m.drug_name ?? `NDC ${m.ndc}`);
    if (m.drug_name) mr.evidence.push(ev(`${base}.drug_name`, m.drug_name, "name"));
    if (ndc) {
      mr.ndc = ndc;
      mr.evidence.push(ev(`${base}.ndc`, m.ndc, "ndc"));
    }
    if (m.rxnorm) mr.otherCodings.push({ system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: m.rxnorm });
    mr.strength = m.strength ?? (m.drug_name ? strengthIn(m.drug_name) : null);
    mr.dosageForm = m.dosage_form ?? null;
    mr.directions = m.directions ?? null;
    mr.route = m.route ?? (m.directions ? routeIn(m.directions) : null) ?? (m.dosage_form ? routeIn(m.dosage_form) : null);
    const dose = m.directions ? doseIn(m.directions) : null;
    mr.doseValue = m.dose !== undefined ? String(m.dose) : (dose?.value ?? null);
    mr.doseUnit = m.dose_unit ?? dose?.unit ?? null;
    if (m.quantity !== undefined) {
      mr.quantity = m.quantity;
      mr.quantityUnit = m.quantity_unit ?? null;
      mr.evidence.push(ev(`${base}.quantity`, m.quantity, "quantity"));
    }
    if (m.days_supply !== undefined) {
      mr.daysSupply = m.days_supply;
      mr.evidence.push(ev(`${base}.days_supply`, m.days_supply, "daysSupply"));
    }
    if (m.directions) mr.evidence.push(ev(`${base}.directions`, m.directions, "directions"));
    mr.refills = m.refills ?? null;
    mr.reasons = facts.diagnoses.flatMap((d) => d.icd10);
    facts.medicationRequests.push(mr);
  });

  (data.questions ?? []).forEach((q, i) => {
    if (!q.question || q.answer === undefined) return;
    facts.answers.push({ question: q.question, answer: q.answer, evidence: [ev(`questions[${i}]`, q, "answer")] });
  });

  (data.prior_treatments ?? []).forEach((t, i) => {
    if (!t.drug_name) return;
    const given = t.outcome?.toLowerCase().replace(/[\s-]+/g, "_");
    const outcome = OUTCOMES.find((o) => o === given) ?? outcomeOf(`${t.outcome ?? ""} ${t.reason ?? ""}`, "unknown");
    facts.priorTreatments.push({
      drug: t.drug_name,
      outcome,
      startDate: t.start_date ? parseDate(t.start_date) : null,
      endDate: t.end_date ? parseDate(t.end_date) : null,
      durationDays: t.duration_days ?? null,
      evidence: [ev(`prior_treatments[${i}]`, t, "drug")],
    });
  });

  (data.procedures ?? []).forEach((p, i) => {
    const system = p.code ? classifyProcedureCode(p.code) : null;
    if (!p.code || !system) return;
    facts.procedures.push({ code: p.code.toUpperCase(), system, display: p.description ?? null, evidence: [ev(`procedures[${i}].code`, p.code, "procedureCode")] });
  });
  return facts;
}
