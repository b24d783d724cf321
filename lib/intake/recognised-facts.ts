// Facts read from recognised text (OCR of a page image) are marked so on their evidence (`recognised: true`), so
// the merge ranks them below the same fact read from a text layer or structured input, and the portal and API can
// say where a value came from. A drug name read by recognition that is no vocabulary drug is taken as the one
// vocabulary drug a misreading away (lib/lexicon findDrugEntry `recognised`), never a guess between two; the name
// as read is kept in a warning.
import { findDrugEntry } from "@/lib/lexicon/drugs";
import type { Evidence, IntakeFacts } from "./types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const hasRecognisedPages = (doc: SourceDocument) => doc.pages.some((p) => p.source === "ocr");

/** Every evidence of these facts that quotes a recognised page of `doc`, marked `recognised`. */
function markEvidence(facts: IntakeFacts, doc: SourceDocument) {
  const recognised = new Set(doc.pages.filter((p) => p.source === "ocr").map((p) => p.page));
  const mark = (list: Evidence[]) => {
    for (const e of list) if (e.documentId === doc.id && e.page !== null && recognised.has(e.page)) e.recognised = true;
  };
  if (facts.patient) mark(facts.patient.evidence);
  for (const list of [facts.practitioners, facts.diagnoses, facts.medicationRequests, facts.priorTreatments, facts.labs, facts.procedures, facts.answers]) {
    for (const fact of list) mark(fact.evidence);
  }
}

/** True when a fact was read only from recognised text. */
export const onlyRecognised = (evidence: Evidence[]) => evidence.length > 0 && evidence.every((e) => e.recognised === true);

const FIRST_WORD = /^[A-Za-z][A-Za-z-]+/;

/** "gyerolimus 10 mg" read by recognition -> "everolimus 10 mg" when everolimus is the one drug that near. */
export function correctRecognisedDrugName(name: string): string | null {
  const word = FIRST_WORD.exec(name.trim())?.[0];
  if (!word || findDrugEntry(word)) return null;
  const entry = findDrugEntry(word, { recognised: true });
  return entry ? `${entry.generic}${name.trim().slice(word.length)}` : null;
}

/** The facts of one document's extractor with recognised evidence marked and misread drug names corrected. */
export function markRecognisedFacts(facts: IntakeFacts, doc: SourceDocument): IntakeFacts {
  if (!hasRecognisedPages(doc)) return facts;
  markEvidence(facts, doc);
  const note = (read: string, taken: string) =>
    `${doc.name}: text recognition read the drug "${read}", which is no known drug; taken as ${taken} (the one known drug that close).`;
  for (const m of facts.medicationRequests) {
    const corrected = onlyRecognised(m.evidence) ? correctRecognisedDrugName(m.name) : null;
    if (corrected) {
      facts.warnings.push(note(m.name, corrected));
      m.name = corrected;
    }
  }
  for (const t of facts.priorTreatments) {
    const corrected = onlyRecognised(t.evidence) ? correctRecognisedDrugName(t.drug) : null;
    if (corrected) {
      facts.warnings.push(note(t.drug, corrected));
      t.drug = corrected;
    }
  }
  return facts;
}
