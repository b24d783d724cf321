// Facts stated in running text (progress notes, letters of medical necessity, lab and imaging reports): diagnoses
// with codes or named in a problem list / history, drugs tried before, lab values, age and sex, NPIs, NDCs and
// procedure codes written after their keyword. A drug the note plans to start is only a guess at the request.
import { findIcd10Codes } from "@/lib/lexicon/codes/icd10";
import { findNdcs } from "@/lib/lexicon/codes/ndc";
import { findNpis, isValidNpi } from "@/lib/lexicon/codes/npi";
import { findProcedureCodes } from "@/lib/lexicon/codes/procedure-codes";
import { emptyFacts, emptyMedicationRequest, emptyPatient, emptyPractitioner, genderFrom, textEvidence } from "@/lib/intake/facts";
import type { IntakeFacts } from "@/lib/intake/types";
import { findDates, parseBirthDate, type DateOptions } from "@/lib/lexicon/dates";
import { icd10ForName } from "@/lib/lexicon/codes/icd10-names";
import { cleanDiagnosisName, diagnosisFrom } from "./diagnosis-names";
import { findDrugMentions } from "./drug-names";
import { clauseAround, findPriorTreatments } from "./find-prior-treatments";
import { findLabs, type LabTable } from "./find-labs";
import { doseIn, routeIn } from "./medication-details";
import { pageLines } from "@/lib/documents/layout/page-lines";
import { treatmentFrom } from "./treatment-from";
import { findTreatmentHistory, type HistoryHit } from "./treatment-history";
import { joinWrappedLines } from "./wrapped-lines";
import { sexFromPatientTitle } from "./patient-honorific";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { contextOf } from "@/lib/lexicon/context";

type Page = SourceDocument["pages"][number];

/** Phrases that introduce a diagnosis in prose; group 1 is the phrase. */
const DX_CONTEXTS: { re: RegExp; provisional?: boolean; list?: boolean }[] = [
  { re: /^[ \t]*#\s*([^\n]{3,80})$/gm },
  { re: /\b(?:PMH|PMHx|past medical history|medical history)\s*(?:of|significant for|notable for|includes|:)?\s+([^.;\n]{3,160})/gi, list: true },
  { re: /\b(?:diagnosed with|diagnosis of|dx of|dx:)\s+([^.;,\n(]{3,80})/gi },
  // A social or surgical history names no condition; a family history is the context engine's "family".
  { re: /(?<!social |surgical )\b(?:history of|h\/o)\s+([^.;,\n(]{3,80})/gi },
  { re: /\bconcern(?:ing)? for (?:the )?(?:development of\s+)?([^.;,\n(]{3,80})/gi, provisional: true },
];

/** Where a listed phrase stops: the verb or preposition that ends the noun phrase. */
const PHRASE_END = /\s+(?:is|was|are|were|who|which|that|s\/p|presenting|presents|admitted|with|on|since|status post|currently|and now|now)\b.*$|\s*\(.*$/i;

/** A clause that tells of a drug being started or ordered; a plan to start it is the context engine's "planned". */
const STARTED = /\b(?:initiated|started|began|prescrib\w*|request\w*)\b/i;
/** Actions that keep a drug from being started (declined, held, stopped); "not" is the context engine's negation. */
const NOT_STARTING = /\b(?:declin\w*|avoid\w*|hold|held|stop\w*|discontinu\w*|instead of)\b/i;

export interface FreeTextResult {
  facts: IntakeFacts;
  /** Drugs a note plans to start: only a guess at the request, used when no form, ePA or FHIR names one. */
  guesses: IntakeFacts;
}

export function extractFreeTextFacts(doc: SourceDocument, opts: DateOptions = {}): FreeTextResult {
  const facts = emptyFacts();
  const guesses = emptyFacts();
  let labTable: LabTable | null = null;
  let history: HistoryHit[] | null = null;
  for (const [pageIndex, page] of doc.pages.entries()) {
    if (!page.text.trim()) continue;
    const text = page.text;
    diagnosesIn(doc, page, facts, opts);
    demographicsIn(doc, page, facts, opts);

    // Drugs the note plans to start (the request, probably) and drugs tried before.
    const requested = new Set<string>();
    for (const m of findDrugMentions(text)) {
      const clause = clauseAround(text, m.start, m.end);
      const status = contextOf(clause.text, m.start - clause.start, m.end - clause.start);
      const starting = m.cues.includes("start") || (m.cues.includes("dose") && (STARTED.test(clause.text) || status.includes("planned")));
      if (!starting || status.includes("negated") || NOT_STARTING.test(clause.text) || m.cues.includes("tried")) continue;
      const name = m.alias ? `${m.name} (${m.alias})` : m.name;
      requested.add(m.name.toLowerCase());
      if (m.alias) requested.add(m.alias.toLowerCase());
      const mr = emptyMedicationRequest(name);
      mr.evidence.push(textEvidence(doc, page, m.start, m.end, "name"));
      if (m.cues.includes("dose")) {
        mr.directions = clause.text.replace(/\s+/g, " ").trim();
        const dose = doseIn(`take ${clause.text.slice(clause.text.search(/\d/))}`);
        if (dose) Object.assign(mr, { doseValue: dose.value, doseUnit: dose.unit });
        mr.route = routeIn(clause.text);
      }
      guesses.medicationRequests.push(mr);
    }
    // A treatment history written as a plan (phases, one drug a bullet), read over the whole document.
    const inHistory = (history ??= findTreatmentHistory(doc.pages.map((p) => pageLines(p)), opts)).filter((t) => t.pageIndex === pageIndex && !requested.has(t.drug.toLowerCase()));
    for (const t of [...findPriorTreatments(text, { exclude: (n) => requested.has(n.toLowerCase()), ...opts }), ...inHistory]) {
      facts.priorTreatments.push(treatmentFrom(t, [textEvidence(doc, page, t.span.start, t.span.end, "drug")]));
    }

    const pageLabs = findLabs(pageLines(page), opts, labTable);
    labTable = pageLabs.openTable;
    for (const lab of pageLabs.labs) {
      const names = lab.nameSpans.map((s) => textEvidence(doc, page, s.start, s.end, "name"));
      facts.labs.push({ name: lab.name, value: lab.value, unit: lab.unit, date: lab.date, evidence: [...names, textEvidence(doc, page, lab.valueSpan.start, lab.valueSpan.end, "value")] });
    }

    for (const npi of findNpis(text)) {
      const p = emptyPractitioner(/prescrib|ordering|requesting|treating/i.test(text.slice(Math.max(0, npi.start - 80), npi.start)) ? "prescriber" : "other");
      p.npi = npi.npi;
      p.npiValid = isValidNpi(npi.npi);
      p.evidence.push(textEvidence(doc, page, npi.start, npi.end, "npi"));
      facts.practitioners.push(p);
    }
    for (const ndc of findNdcs(text)) {
      const lineStart = text.lastIndexOf("\n", ndc.start) + 1;
      const drug = findDrugMentions(text.slice(lineStart, ndc.start)).pop();
      const mr = emptyMedicationRequest(drug ? drug.name : `NDC ${ndc.ndc}`);
      mr.ndc = ndc.ndc;
      mr.evidence.push(textEvidence(doc, page, ndc.start, ndc.end, "ndc"));
      if (drug) mr.evidence.push(textEvidence(doc, page, lineStart + drug.start, lineStart + drug.end, "name"));
      facts.medicationRequests.push(mr);
    }
    for (const code of findProcedureCodes(text)) {
      if (facts.procedures.some((p) => p.code === code.code)) continue;
      facts.procedures.push({ code: code.code, system: code.system, display: null, evidence: [textEvidence(doc, page, code.start, code.end, "procedureCode")] });
    }
  }
  return { facts, guesses };
}

function diagnosesIn(doc: SourceDocument, page: Page, facts: IntakeFacts, opts: DateOptions) {
  const text = page.text;
  // Codes written in the text, with the name written before "(CODE)" or after "CODE -".
  for (const code of findIcd10Codes(text)) {
    const lineStart = text.lastIndexOf("\n", code.start) + 1;
    const lineEnd = text.indexOf("\n", code.end) === -1 ? text.length : text.indexOf("\n", code.end);
    const before = text.slice(lineStart, code.start);
    const after = text.slice(code.end, lineEnd);
    let nameRaw = "";
    let nameStart = code.start;
    const paren = /([A-Za-z][^:;.()|#]{2,100}?)\s*\(\s*(?:ICD[- ]?10(?:[- ]?CM)?\s*:?\s*)?$/i.exec(before);
    const trailing = /^\s*[-–:]\s*([A-Za-z][^.;()|\n]{2,100})/.exec(after);
    if (paren) {
      nameRaw = paren[1];
      nameStart = lineStart + paren.index;
    } else if (trailing) {
      nameRaw = trailing[1];
      nameStart = code.end + trailing.index + trailing[0].indexOf(trailing[1]);
    }
    let clean = nameRaw ? cleanDiagnosisName(nameRaw.replace(/^.*\b(?:assessment|diagnos[ie]s|dx|impression|plan)\s*:\s*/i, "")) : null;
    if (!clean && nameRaw) {
      // "Jane has Lennox-Gastaut syndrome (G40.811)": the name is what follows the last verb or preposition.
      const tail = /^(.*\b(?:has|have|had|with|of|for|is|are|was|were|from|shows?|diagnosed)\s+)(.+)$/i.exec(nameRaw);
      if (tail) {
        clean = cleanDiagnosisName(tail[2]);
        if (clean) nameStart += tail[1].length;
      }
    }
    const evidence = [textEvidence(doc, page, code.start, code.end, "icd10")];
    if (clean) {
      // Quote the name as cleaned when it is written so ("(G40.811)" and leading words left out), else the phrase.
      const at = text.indexOf(clean.name, nameStart);
      const [s, e] = at >= 0 && at < lineEnd ? [at, at + clean.name.length] : [nameStart, Math.min(lineEnd, nameStart + nameRaw.length)];
      evidence.unshift(textEvidence(doc, page, s, e, "name"));
    }
    facts.diagnoses.push(diagnosisFrom(clean?.name ?? null, [code.code], evidence, { provisional: clean?.provisional }));
  }
  // Diagnoses named in a problem list or a history, without a code; a name may wrap onto the next line.
  const prose = joinWrappedLines(text);
  for (const { re, provisional, list } of DX_CONTEXTS) {
    re.lastIndex = 0;
    for (const m of prose.matchAll(re)) {
      const phraseStart = m.index + m[0].length - m[1].length;
      // "Denies any history of ...", "Family history of ...": not the patient's condition (the one context engine says).
      const from = Math.max(0, m.index - 60);
      const status = contextOf(prose.slice(from, phraseStart + m[1].length), phraseStart - from, phraseStart - from + m[1].length);
      if (status.includes("negated") || status.includes("family")) continue;
      const phrase = m[1].replace(PHRASE_END, "");
      // A list names several conditions; elsewhere only the first of "X and Y" is the condition ("X and need for ...").
      const parts = list ? splitList(phrase) : splitList(phrase).slice(0, 1);
      for (const part of parts) {
        const clean = cleanDiagnosisName(part.text);
        if (!clean) continue;
        // Hedged mentions ("concern for ...") name findings as often as diagnoses: only a known condition counts.
        if ((provisional || clean.provisional) && !icd10ForName(clean.name)) continue;
        const start = phraseStart + part.offset + Math.max(0, part.text.indexOf(clean.name));
        const end = start + clean.name.length;
        const onset = onsetAfter(prose, phraseStart + m[1].length, end, opts);
        facts.diagnoses.push(
          diagnosisFrom(clean.name, [], [textEvidence(doc, page, start, end, "name")], { provisional: provisional || clean.provisional, onsetDate: onset }),
        );
      }
    }
  }
}

function splitList(phrase: string): { text: string; offset: number }[] {
  const parts: { text: string; offset: number }[] = [];
  const re = /[^,;]+?(?=\s*(?:,|;|\band\b|$))/g;
  for (const m of phrase.matchAll(re)) {
    const t = m[0].replace(/^\s*(?:and\s+)?/, "");
    if (t.trim()) parts.push({ text: t.trim(), offset: m.index + m[0].indexOf(t.trim()) });
  }
  return parts;
}

/** "X (diagnosed March 1, 2024)", "X, diagnosed in 2019": the date right after a diagnosis phrase. */
function onsetAfter(text: string, phraseEnd: number, nameEnd: number, opts: DateOptions): string | null {
  const after = text.slice(nameEnd, Math.min(text.length, Math.max(phraseEnd, nameEnd) + 60));
  const m = /^\s*[(,]?\s*(?:diagnosed|dx|onset|since)\b[^)\n]{0,40}/i.exec(after);
  if (!m) return null;
  return findDates(m[0], opts)[0]?.iso ?? null;
}

function demographicsIn(doc: SourceDocument, page: Page, facts: IntakeFacts, opts: DateOptions) {
  const text = page.text;
  const age = /\b(\d{1,3})\s*(?:yo|y\/o|y\.o\.|-?\s?years?[- ]old|yr old)\b\s*(M|F|male|female|boy|girl|man|woman)?\b/i.exec(text);
  const born = /\bborn (?:on )?([A-Za-z]+\.? \d{1,2},? \d{4}|\d{1,2}[/-]\d{1,2}[/-]\d{2,4})/i.exec(text);
  const titled = sexFromPatientTitle(text);
  if (!age && !born && !titled) return;
  const patient = facts.patient ?? emptyPatient();
  if (age && patient.ageYears == null) {
    patient.ageYears = Number(age[1]);
    patient.evidence.push(textEvidence(doc, page, age.index, age.index + age[0].length, "age"));
    if (age[2] && !patient.gender) {
      patient.gender = genderFrom(age[2]);
      const at = age.index + age[0].lastIndexOf(age[2]);
      patient.evidence.push(textEvidence(doc, page, at, at + age[2].length, "gender"));
    }
  }
  if (titled && !patient.gender) {
    patient.gender = titled.sex;
    patient.evidence.push(textEvidence(doc, page, titled.start, titled.end, "gender"));
  }
  if (born && !patient.birthDate) {
    const at = born.index + born[0].indexOf(born[1]);
    const dob = parseBirthDate(born[1], opts);
    if (dob) {
      patient.birthDate = dob.iso;
      patient.evidence.push(textEvidence(doc, page, at + dob.start, at + dob.end, "birthDate"));
    }
  }
  facts.patient = patient;
}
