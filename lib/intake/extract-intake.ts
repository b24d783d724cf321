// The intake engine: the documents of a case (PDF and text pages, FHIR JSON) and an optional ePA payload in, one set
// of intake facts out, each fact with the evidence it was read from. Synchronous and pure (no I/O, no clock except
// the current year for two-digit years, which `referenceYear` fixes).
import { billableDiagnoses } from "./billable-diagnoses";
import { withTaxonomyCodes } from "./practitioner-taxonomy";
import { extractEpaFacts } from "./epa/extract-epa-facts";
import { STRENGTH, type SourcedFacts } from "./facts";
import { extractFhirFacts } from "./fhir/extract-fhir-facts";
import { mergeFacts } from "./merge-facts";
import { markRecognisedFacts } from "./recognised-facts";
import { claimsRowSpans, withoutClaimsRows, type RowSpan } from "./claims-rows";
import { mergeCoverage } from "./merge-coverage";
import { extractFreeTextFacts } from "./text/extract-free-text-facts";
import { extractLabelledFacts } from "./text/extract-labelled-facts";
import { readLabelledFields } from "./text/read-labelled-fields";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { IntakeFacts } from "./types";

export interface ExtractIntakeOptions {
  /** The create request's ePA payload: the shape of EPA_PAYLOAD.md, or a FHIR resource / Bundle. */
  epaPayload?: unknown;
  /** The year two-digit years are read against (default: this year): "06-15-22" is 2022 in 2024. */
  referenceYear?: number;
}

/** Pages read per document, and characters per page: beyond them text is skipped, with a warning. */
export const MAX_PAGES = 2_000;
export const MAX_PAGE_CHARS = 200_000;

const isFhir = (json: unknown) => typeof json === "object" && json !== null && typeof (json as { resourceType?: unknown }).resourceType === "string";
const hasJson = (doc: SourceDocument) => doc.json !== undefined && doc.json !== null && !doc.pages.some((p) => p?.text?.trim());

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A bounded copy of a document's pages (hostile input: huge pages, thousands of pages, holes). */
function bounded(doc: SourceDocument, warnings: string[]): SourceDocument {
  let pages = doc.pages.filter((p) => p && typeof p.text === "string");
  if (pages.length > MAX_PAGES) {
    warnings.push(`${doc.name}: only the first ${MAX_PAGES} of ${pages.length} pages were read for the intake.`);
    pages = pages.slice(0, MAX_PAGES);
  }
  if (pages.some((p) => p.text.length > MAX_PAGE_CHARS)) {
    warnings.push(`${doc.name}: text beyond ${MAX_PAGE_CHARS} characters of a page was not read for the intake.`);
    pages = pages.map((p) => (p.text.length > MAX_PAGE_CHARS ? { ...p, text: p.text.slice(0, MAX_PAGE_CHARS) } : p));
  }
  return { ...doc, pages };
}

export function extractIntake(docs: SourceDocument[], options: ExtractIntakeOptions = {}): IntakeFacts {
  const dates = options.referenceYear ? { referenceYear: options.referenceYear } : {};
  const sources: SourcedFacts[] = [];
  const guesses: SourcedFacts[] = [];
  const warnings: string[] = [];
  // One extractor failing on odd input must not lose the rest of the case: say so and go on.
  const attempt = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      warnings.push(`${what} could not be read for the intake: ${describe(error)}`);
    }
  };

  for (const original of docs) {
    const name = original.name || original.id;
    if (hasJson(original)) {
      attempt(name, () => {
        if (isFhir(original.json)) sources.push({ facts: extractFhirFacts(original, original.json), strength: STRENGTH.fhir, source: name });
        else warnings.push(`${name} is JSON but not a FHIR resource; it was not read for the intake (an ePA request goes in the epa payload).`);
      });
      continue;
    }
    const doc = bounded({ ...original, name }, warnings);
    if (!doc.pages.some((p) => p.text.trim())) {
      warnings.push(`${name}: no text could be read (a scanned image without a text layer?).`);
      continue;
    }
    // Claims-table rows are claims (lib/claims), never the request or a drug tried in a note.
    let rows: RowSpan[] = [];
    attempt(`The claims tables of ${name}`, () => {
      rows = claimsRowSpans(doc, options.referenceYear);
    });
    const read = (facts: IntakeFacts) => markRecognisedFacts(withoutClaimsRows(facts, doc, rows), doc);
    attempt(`The labelled fields of ${name}`, () => {
      const readings = doc.pages.map((page) => ({ page, fields: readLabelledFields(page) }));
      sources.push({ facts: read(extractLabelledFacts(doc, readings, dates)), strength: STRENGTH.field, source: name });
    });
    attempt(`The text of ${name}`, () => {
      const text = extractFreeTextFacts(doc, dates);
      sources.push({ facts: read(text.facts), strength: STRENGTH.text, source: name });
      guesses.push({ facts: read(text.guesses), strength: STRENGTH.guess, source: name });
    });
  }

  if (options.epaPayload !== undefined && options.epaPayload !== null) {
    const epaDoc = { id: "epa_payload", name: "ePA payload" };
    attempt("The ePA payload", () => {
      if (isFhir(options.epaPayload)) sources.push({ facts: extractFhirFacts(epaDoc, options.epaPayload), strength: STRENGTH.epa, source: epaDoc.name });
      else sources.push({ facts: extractEpaFacts(options.epaPayload), strength: STRENGTH.epa, source: epaDoc.name });
    });
  }

  const facts = mergeFacts(sources, { guesses });
  const coverage = mergeCoverage(sources, facts.patient);
  if (coverage) facts.coverage = coverage;
  // Codes: billable ICD-10-CM where the documents' words support one, official titles, NUCC taxonomy codes.
  attempt("The diagnosis codes", () => {
    const billing = billableDiagnoses(facts.diagnoses, docs);
    facts.diagnoses = billing.diagnoses;
    warnings.push(...billing.warnings);
    facts.practitioners = withTaxonomyCodes(facts.practitioners);
  });
  facts.warnings = [...new Set([...warnings, ...facts.warnings])];
  return facts;
}
