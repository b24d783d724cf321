// Facts from the labelled fields of a document (PA request forms, headers of notes): patient, prescriber, the
// requested medication, diagnoses with their codes, drugs tried before, questions with their answers.
import { findIcd10Codes } from "@/lib/lexicon/codes/icd10";
import { findNdcs } from "@/lib/lexicon/codes/ndc";
import { isValidNpi, normalizeNpi } from "@/lib/lexicon/codes/npi";
import { findProcedureCodes } from "@/lib/lexicon/codes/procedure-codes";
import {
  emptyFacts,
  emptyMedicationRequest,
  emptyPatient,
  emptyPractitioner,
  genderFrom,
  normalizePhone,
  textEvidence,
} from "@/lib/intake/facts";
import type { Evidence, IntakeFacts, IntakeMedicationRequest, IntakePractitioner, PostalAddress } from "@/lib/intake/types";
import { parseBirthDate, type DateOptions } from "@/lib/lexicon/dates";
import { cleanDiagnosisName, diagnosisFrom } from "./diagnosis-names";
import { doseIn, integerIn, quantityIn, quantityOverDays, routeIn, splitDrugName, strengthIn } from "./medication-details";
import { splitNameAndSpecialty } from "./name-and-specialty";
import { parsePersonName } from "./person-name";
import { findPriorTreatments, outcomeOf, type TreatmentHit } from "./find-prior-treatments";
import { daysBetween, parseDateRange, parseDurationDays } from "@/lib/lexicon/dates";
import type { FieldHit, PageFields } from "./read-labelled-fields";
import { treatmentFrom } from "./treatment-from";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { coverageFromFields } from "./coverage-fields";

type Page = SourceDocument["pages"][number];

export interface PageReading {
  page: Page;
  fields: PageFields;
}

interface Located {
  hit: FieldHit;
  page: Page;
  /** The raw page text of the value's first span. */
  raw: string;
  start: number;
}

const locate = (hit: FieldHit, page: Page): Located => {
  const span = hit.spans[0] ?? { start: 0, end: 0 };
  return { hit, page, raw: page.text.slice(span.start, span.end), start: span.start };
};

export function extractLabelledFacts(doc: SourceDocument, readings: PageReading[], opts: DateOptions = {}): IntakeFacts {
  const facts = emptyFacts();
  const all: Located[] = readings.flatMap(({ page, fields }) => fields.hits.filter((h) => h.value).map((h) => locate(h, page)));
  const ev = (l: Located, field: string, start = 0, end = l.raw.length) => textEvidence(doc, l.page, l.start + start, l.start + end, field);
  const evAll = (l: Located, field: string): Evidence[] =>
    l.hit.spans.map((s) => textEvidence(doc, l.page, s.start, s.end, field));

  // Patient
  const patientHits = all.filter((l) => l.hit.role === "patient");
  if (patientHits.length) {
    const patient = emptyPatient();
    const address = addressFrom(patientHits, patient.evidence, ev);
    for (const l of patientHits) {
      const { kind, value } = l.hit;
      if (kind === "name" && !patient.family) {
        const name = parsePersonName(value);
        if (name?.family) {
          patient.given = name.given;
          patient.family = name.family;
          patient.evidence.push(ev(l, "name"));
        }
      } else if (kind === "firstName" && !patient.given.length && /^[A-Za-z][A-Za-z' .-]*$/.test(value)) {
        patient.given = value.split(/\s+/);
        patient.evidence.push(ev(l, "given"));
      } else if (kind === "lastName" && !patient.family && /^[A-Za-z][A-Za-z' .-]*$/.test(value)) {
        patient.family = value;
        patient.evidence.push(ev(l, "family"));
      } else if (kind === "dob" && !patient.birthDate) {
        const dob = parseBirthDate(l.raw, opts);
        if (dob) {
          patient.birthDate = dob.iso;
          patient.evidence.push(ev(l, "birthDate", dob.start, dob.end));
        }
      } else if (kind === "sex" && !patient.gender) {
        // A blank rule before an option ("__ Male X Female") says it is the one left unmarked: the value read
        // without it would lose that.
        const blank = /_{2,}[^\S\n]*$/.exec(l.page.text.slice(Math.max(0, l.start - 12), l.start))?.[0] ?? "";
        const gender = genderFrom(`${blank}${value}`);
        if (gender) {
          patient.gender = gender;
          patient.evidence.push(ev(l, "gender"));
        }
      } else if (kind === "memberId" && !patient.memberId) {
        const id = /[A-Za-z0-9][A-Za-z0-9-]{2,39}/.exec(value)?.[0];
        if (id && /\d/.test(id)) {
          patient.memberId = id;
          patient.evidence.push(ev(l, "memberId"));
        }
      } else if (kind === "phone" && !patient.phone) {
        patient.phone = normalizePhone(value);
        if (patient.phone) patient.evidence.push(ev(l, "phone"));
      }
    }
    patient.address = address;
    if (patient.evidence.length) facts.patient = patient;
  }

  facts.coverage = coverageFromFields(all, (l, field) => ev(l, field));

  // Prescriber
  const prescriberHits = all.filter((l) => l.hit.role === "prescriber");
  if (prescriberHits.length) {
    const p = emptyPractitioner("prescriber");
    const address = addressFrom(prescriberHits, p.evidence, ev);
    for (const l of prescriberHits) {
      const { kind, value } = l.hit;
      if (kind === "nameAndSpecialty") {
        const both = splitNameAndSpecialty(value);
        const name = p.family ? null : parsePersonName(both.name);
        // Each part's evidence is its own words when the page text holds them as read (else the whole value).
        const partEv = (part: string, field: string) => {
          const at = l.raw.indexOf(part);
          return at >= 0 ? ev(l, field, at, at + part.length) : ev(l, field);
        };
        if (name?.family) {
          Object.assign(p, { prefix: name.prefix, given: name.given, family: name.family });
          p.evidence.push(partEv(both.name, "name"));
        }
        if (both.specialty && !p.specialty) {
          p.specialty = both.specialty;
          p.evidence.push(partEv(both.specialty, "specialty"));
        }
      } else if (kind === "name" && !p.family) {
        const name = parsePersonName(value);
        if (name?.family) {
          Object.assign(p, { prefix: name.prefix, given: name.given, family: name.family });
          p.evidence.push(ev(l, "name"));
        }
      } else if (kind === "firstName" && !p.given.length && /^[A-Za-z][A-Za-z' .-]*$/.test(value)) {
        p.given = value.split(/\s+/);
        p.evidence.push(ev(l, "given"));
      } else if (kind === "lastName" && !p.family && /^[A-Za-z][A-Za-z' .-]*$/.test(value)) {
        p.family = value;
        p.evidence.push(ev(l, "family"));
      } else if (kind === "npi" && !p.npi) {
        const m = /\d[\d\s-]{5,16}\d/.exec(l.raw);
        const npi = m ? normalizeNpi(m[0]) : null;
        if (npi && m) {
          p.npi = npi;
          p.npiValid = isValidNpi(npi);
          p.evidence.push(ev(l, "npi", m.index, m.index + m[0].length));
        }
      } else if (kind === "specialty" && !p.specialty && /[A-Za-z]{3}/.test(value) && value.length <= 60) {
        p.specialty = value.replace(/[.;,]+$/, "");
        p.evidence.push(ev(l, "specialty"));
      } else if ((kind === "phone" || kind === "fax") && !p[kind]) {
        p[kind] = normalizePhone(value);
        if (p[kind]) p.evidence.push(ev(l, kind));
      }
    }
    p.address = address;
    if (p.evidence.length) facts.practitioners.push(p);
  }

  // Diagnoses: names and codes, paired by proximity; questions about the diagnosis count as names.
  type DxItem = { kind: "name" | "codes"; page: Page; line: number; l?: Located; name?: string; raw?: string; start?: number };
  const dxItems: DxItem[] = [];
  for (const l of all) {
    if (l.hit.kind === "diagnosis" && l.hit.role === "diagnosis") dxItems.push({ kind: "name", page: l.page, line: l.hit.line, l });
    if (l.hit.kind === "icd10") dxItems.push({ kind: "codes", page: l.page, line: l.hit.line, l });
  }
  for (const { page, fields } of readings) {
    for (const q of fields.questions) {
      if (/diagnos|condition/i.test(q.question) && q.answer && !/\b(?:code|icd)\b/i.test(q.question)) {
        dxItems.push({ kind: "name", page, line: q.line, name: q.answer, raw: page.text.slice(q.answerSpan.start, q.answerSpan.end), start: q.answerSpan.start });
      }
    }
  }
  const pageIndex = (p: Page) => readings.findIndex((r) => r.page === p);
  dxItems.sort((a, b) => pageIndex(a.page) - pageIndex(b.page) || a.line - b.line);
  let open: { dx: ReturnType<typeof diagnosisFrom>; page: Page; line: number; named: boolean } | null = null;
  const addDx = (dx: ReturnType<typeof diagnosisFrom>) => facts.diagnoses.push(dx);
  for (const item of dxItems) {
    const raw = item.l ? item.l.raw : (item.raw ?? "");
    const start = item.l ? item.l.start : (item.start ?? 0);
    const codes = findIcd10Codes(raw, { codeContext: item.kind === "codes" });
    const codeEvidence = codes.map((c) => textEvidence(doc, item.page, start + c.start, start + c.end, "icd10"));
    if (item.kind === "name") {
      const clean = cleanDiagnosisName(item.l ? item.l.hit.value : (item.name ?? ""));
      if (!clean && !codes.length) continue;
      const evidence = [textEvidence(doc, item.page, start, start + raw.length, "name"), ...codeEvidence];
      const dx = diagnosisFrom(clean?.name ?? null, codes.map((c) => c.code), evidence, { provisional: clean?.provisional });
      addDx(dx);
      open = { dx, page: item.page, line: item.line, named: true };
    } else if (codes.length) {
      if (open && open.page === item.page && item.line - open.line <= 3 && open.dx.icd10Source !== "stated") {
        // Codes for the diagnosis named just above (or on the same line): they replace an inferred category.
        open.dx.icd10 = codes.map((c) => c.code);
        open.dx.icd10Source = "stated";
        open.dx.notes = open.dx.notes.filter((n) => !n.includes("inferred from the name"));
        open.dx.evidence.push(...codeEvidence);
      } else {
        addDx(diagnosisFrom(null, codes.map((c) => c.code), codeEvidence));
      }
      open = null;
    }
  }

  // The requested medication(s): a drug field starts a request; the fields after it describe it.
  const medHits = all.filter((l) => l.hit.role === "medication");
  let current: IntakeMedicationRequest | null = null;
  const pending: Located[] = [];
  const attach = (mr: IntakeMedicationRequest, l: Located) => describeMedication(mr, l, ev, evAll, facts);
  for (const l of medHits) {
    if (l.hit.kind === "drug") {
      if (!/[A-Za-z]{3}/.test(l.hit.value) || l.hit.value.length > 120) continue;
      current = emptyMedicationRequest(l.hit.value.replace(/[.;,]+$/, ""));
      // "Adalimumab 40mg": the name and its strength (and a form after it) are separate facts.
      const split = splitDrugName(l.hit.value);
      const at = l.raw.indexOf(l.hit.value);
      if (split && at >= 0) {
        current.name = split.name;
        current.strength = split.strength;
        current.evidence.push(ev(l, "name", at, at + split.name.length), ev(l, "strength", at + split.strengthAt[0], at + split.strengthAt[1]));
        if (split.form && split.formAt) {
          current.dosageForm = split.form;
          current.evidence.push(ev(l, "dosageForm", at + split.formAt[0], at + split.formAt[1]));
        }
      } else {
        current.evidence.push(ev(l, "name"));
        current.strength = strengthIn(l.hit.value);
      }
      const ndc = findNdcs(l.raw)[0];
      if (ndc) {
        current.ndc = ndc.ndc;
        current.evidence.push(ev(l, "ndc", ndc.start, ndc.end));
      }
      facts.medicationRequests.push(current);
      for (const p of pending.splice(0)) attach(current, p);
    } else if (current) attach(current, l);
    else pending.push(l);
  }
  if (!facts.medicationRequests.length && pending.some((l) => l.hit.kind === "ndc")) {
    // An NDC without a drug name still identifies the request.
    const mr = emptyMedicationRequest("");
    for (const p of pending) attach(mr, p);
    if (mr.ndc) {
      mr.name = `NDC ${mr.ndc}`;
      facts.medicationRequests.push(mr);
    }
  }
  const codes = facts.diagnoses.filter((d) => d.icd10Source === "stated").flatMap((d) => d.icd10);
  for (const mr of facts.medicationRequests) mr.reasons = [...new Set(codes)];

  // Drugs tried before: trial table rows, then free text in trial sections and answers to trial questions.
  for (const { page, fields } of readings) {
    const rows = new Map<number, FieldHit[]>();
    for (const hit of fields.hits.filter((h) => h.trial && (h.role === "trial" || h.kind === "drug"))) rows.set(hit.line, [...(rows.get(hit.line) ?? []), hit]);
    let last: TreatmentHit | null = null;
    for (const [, row] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
      const drug = row.find((h) => h.kind === "drug" && h.value && h.value.split(/\s+/).length <= 6);
      if (!drug) continue;
      const text = (kind: string) => row.filter((h) => h.kind === kind).map((h) => h.value).join(" ");
      const dates = parseDateRange(text("trialDates"), opts);
      const described = `${text("trialDates")} ${text("trialDuration")} ${text("trialOutcome")}`;
      const hit: TreatmentHit = {
        // The drug's name, without the dose the cell writes with it ("Prednisone 0.75 mg/kg/day (15 mg)").
        drug: splitDrugName(drug.value)?.name ?? drug.value,
        alias: null,
        outcome: outcomeOf(described, drug.trial?.outcome ?? "unknown"),
        startDate: dates.start,
        endDate: dates.ongoing ? null : dates.end,
        durationDays: parseDurationDays(text("trialDuration")) ?? daysBetween(dates.start, dates.end),
        span: drug.spans[0] ?? { start: 0, end: 0 },
      };
      last = hit;
      const spans = row.flatMap((h) => h.spans.map((s) => ({ ...s, field: h.kind === "drug" ? "drug" : h.kind })));
      facts.priorTreatments.push(treatmentFrom(hit, spans.map((s) => textEvidence(doc, page, s.start, s.end, s.field))));
    }
    void last;
    for (const block of trialBlocks(fields)) {
      const text = page.text.slice(block.start, block.end);
      for (const t of findPriorTreatments(text, { inTrialSection: true, sectionOutcome: block.outcome, lineItems: true, ...opts })) {
        facts.priorTreatments.push(treatmentFrom(t, [textEvidence(doc, page, block.start + t.span.start, block.start + t.span.end, "drug")]));
      }
    }
    for (const q of fields.questions) {
      if (!q.answer || !/tried|trial|fail|inadequate|intoleran|contraindicat/i.test(q.question) || /diagnos/i.test(q.question)) continue;
      const text = page.text.slice(q.answerSpan.start, q.answerSpan.end);
      const fallback = outcomeOf(q.question, "unknown");
      for (const t of findPriorTreatments(text, { inTrialSection: true, sectionOutcome: fallback === "ongoing" ? "unknown" : fallback, ...opts })) {
        facts.priorTreatments.push(treatmentFrom(t, [textEvidence(doc, page, q.answerSpan.start + t.span.start, q.answerSpan.start + t.span.end, "drug")]));
      }
    }
    // Questions with what was written after them.
    for (const q of fields.questions) {
      if (!q.answer) continue;
      facts.answers.push({
        question: q.question,
        answer: q.answer,
        evidence: [textEvidence(doc, page, q.questionSpan.start, q.questionSpan.end, "question"), textEvidence(doc, page, q.answerSpan.start, q.answerSpan.end, "answer")],
      });
    }
  }

  // Procedure codes in procedure fields.
  for (const l of all.filter((x) => x.hit.kind === "procedureCode")) {
    for (const code of findProcedureCodes(l.raw, { labelled: true })) {
      if (facts.procedures.some((p) => p.code === code.code)) continue;
      facts.procedures.push({ code: code.code, system: code.system, display: null, evidence: [ev(l, "procedureCode", code.start, code.end)] });
    }
  }
  return facts;
}

function describeMedication(
  mr: IntakeMedicationRequest,
  l: Located,
  ev: (l: Located, field: string, start?: number, end?: number) => Evidence,
  evAll: (l: Located, field: string) => Evidence[],
  facts: IntakeFacts,
) {
  const { kind, value } = l.hit;
  switch (kind) {
    case "strength":
      // A strength written with the drug's name is the one prescribed; a strength field only fills a gap.
      if (!mr.strength || !mr.evidence.some((e) => e.field === "strength")) {
        mr.strength = strengthIn(value) ?? value;
        mr.evidence.push(ev(l, "strength"));
      }
      break;
    case "dosageForm":
      mr.dosageForm ??= value;
      mr.route ??= routeIn(value);
      mr.evidence.push(ev(l, "dosageForm"));
      break;
    case "ndc": {
      const ndc = findNdcs(l.raw, { labelled: true })[0];
      if (ndc && !mr.ndc) {
        mr.ndc = ndc.ndc;
        mr.evidence.push(ev(l, "ndc", ndc.start, ndc.end));
      }
      break;
    }
    case "quantity": {
      const over = quantityOverDays(value);
      if (over && mr.quantity === null) {
        mr.quantity = over.quantity;
        mr.quantityUnit = over.unit;
        mr.evidence.push(ev(l, "quantity"));
        if (mr.daysSupply === null) {
          mr.daysSupply = over.days;
          mr.evidence.push(ev(l, "daysSupply"));
        }
        break;
      }
      const q = quantityIn(value);
      if (q && mr.quantity === null) {
        mr.quantity = q.value;
        mr.quantityUnit = q.unit;
        mr.evidence.push(ev(l, "quantity"));
      }
      break;
    }
    case "daysSupply": {
      const days = integerIn(value);
      if (days !== null && mr.daysSupply === null && days > 0 && days <= 400) {
        mr.daysSupply = days;
        mr.evidence.push(ev(l, "daysSupply"));
      }
      break;
    }
    case "directions":
      if (!mr.directions) {
        mr.directions = value;
        const dose = doseIn(value);
        if (dose) {
          mr.doseValue = dose.value;
          mr.doseUnit = dose.unit;
        }
        mr.route = routeIn(value) ?? mr.route;
        mr.evidence.push(...evAll(l, "directions"));
      }
      break;
    case "route":
      mr.route = routeIn(value) ?? value.toLowerCase();
      mr.evidence.push(ev(l, "route"));
      break;
    case "refills": {
      const refills = integerIn(value);
      if (refills !== null && mr.refills === null) {
        mr.refills = refills;
        mr.evidence.push(ev(l, "refills"));
      }
      break;
    }
    case "dailyQuantity":
      facts.answers.push({ question: l.hit.label, answer: value, evidence: [ev(l, "answer")] });
      break;
  }
}

function addressFrom(
  hits: Located[],
  evidence: Evidence[],
  ev: (l: Located, field: string, start?: number, end?: number) => Evidence,
): PostalAddress | null {
  const address: PostalAddress = { line: [], city: null, state: null, postalCode: null, country: null };
  for (const l of hits) {
    const { kind, value } = l.hit;
    if (kind === "street" && !address.line.length && /[A-Za-z]/.test(value) && value.length <= 120) {
      // "12 Elm St, Springfield, IL 62701" in one field.
      const full = /^(.+?),\s*([A-Za-z .'-]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(value);
      if (full) Object.assign(address, { line: [full[1]], city: full[2], state: full[3], postalCode: full[4] });
      else address.line = [value];
      evidence.push(ev(l, "address"));
    } else if (kind === "city" && !address.city && /^[A-Za-z][A-Za-z .'-]*$/.test(value)) {
      address.city = value;
      evidence.push(ev(l, "address"));
    } else if (kind === "state" && !address.state && /^[A-Za-z][A-Za-z .]{1,20}$/.test(value)) {
      address.state = value;
      evidence.push(ev(l, "address"));
    } else if (kind === "zip" && !address.postalCode) {
      const zip = /\b\d{5}(?:-\d{4})?\b/.exec(value)?.[0];
      if (zip) {
        address.postalCode = zip;
        evidence.push(ev(l, "address"));
      }
    } else if (kind === "cityStateZip" && !address.city) {
      const m = /^([A-Za-z .'-]+?),?\s+([A-Z]{2}),?\s+(\d{5}(?:-\d{4})?)$/.exec(value);
      if (m) {
        Object.assign(address, { city: m[1], state: m[2], postalCode: m[3] });
        evidence.push(ev(l, "address"));
      }
    }
  }
  return address.line.length || address.city || address.postalCode ? address : null;
}

/** Contiguous runs of free-text lines inside trial sections, as page offsets. */
function trialBlocks(fields: PageFields): { start: number; end: number; outcome: TreatmentHit["outcome"] }[] {
  const blocks: { start: number; end: number; outcome: TreatmentHit["outcome"]; lastLine: number; heading: number }[] = [];
  for (const { line, section } of fields.trialText) {
    const last = blocks[blocks.length - 1];
    if (last && last.heading === section.headingLine && line.index === last.lastLine + 1) {
      last.end = line.end;
      last.lastLine = line.index;
    } else {
      blocks.push({ start: line.start, end: line.end, outcome: section.outcome, lastLine: line.index, heading: section.headingLine });
    }
  }
  return blocks;
}

export type { IntakePractitioner };
