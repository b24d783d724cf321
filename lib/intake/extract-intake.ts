// The intake engine: the documents of a case (PDF and text pages, FHIR JSON) and an optional ePA payload in, one set
// of intake facts out, each fact with the evidence it was read from. Synchronous and pure (no I/O, no clock except
// the current year for two-digit years, which `referenceYear` fixes).
import { extractEpaFacts } from "./epa/extract-epa-facts";
import { STRENGTH, type SourcedFacts } from "./facts";
import { extractFhirFacts } from "./fhir/extract-fhir-facts";
import { mergeFacts } from "./merge-facts";
import { extractFreeTextFacts } from "./text/extract-free-text-facts";
import { extractLabelledFacts, type PageReading } from "./text/extract-labelled-facts";
import { readLabelledFields } from "./text/read-labelled-fields";
import type { IntakeFacts, SourceDocument } from "./types";

export interface ExtractIntakeOptions {
  /** An ePA request (see EPA_PAYLOAD.md) or a FHIR resource / Bundle sent with the case. */
  epaPayload?: unknown;
  /** The year two-digit years are read against (default: this year). */
  referenceYear?: number;
}

/** Pages longer than this many characters are read only this far (a hostile or broken file must not stall intake). */
export const MAX_PAGE_CHARS = 200_000;
/** At most this many pages per document are read for intake. */
export const MAX_PAGES = 1_000;

const isFhir = (json: unknown) => typeof json === "object" && json !== null && typeof (json as { resourceType?: unknown }).resourceType === "string";

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

export function extractIntake(docs: SourceDocument[], options: ExtractIntakeOptions = {}): IntakeFacts {
  const dates = options.referenceYear ? { referenceYear: options.referenceYear } : {};
  const sources: SourcedFacts[] = [];
  const guesses: SourcedFacts[] = [];
  const warnings: string[] = [];

  for (const doc of docs) {
    try {
      if (doc.json !== undefined && doc.json !== null) {
        if (isFhir(doc.json)) sources.push({ facts: extractFhirFacts(doc, doc.json), strength: STRENGTH.fhir, source: doc.name });
        else warnings.push(`${doc.name} is JSON but not a FHIR resource; it was not read for intake.`);
        continue;
      }
      const pages = doc.pages.slice(0, MAX_PAGES).map((p) => (p.text.length > MAX_PAGE_CHARS ? { ...p, text: p.text.slice(0, MAX_PAGE_CHARS) } : p));
      if (doc.pages.length > MAX_PAGES) warnings.push(`${doc.name}: only the first ${MAX_PAGES} pages were read for intake.`);
      if (pages.some((p, i) => p.text.length < doc.pages[i].text.length)) warnings.push(`${doc.name}: very long pages were read only in part.`);
      const bounded: SourceDocument = { ...doc, pages };
      const readings: PageReading[] = pages.map((page) => ({ page, fields: readLabelledFields(page) }));
      sources.push({ facts: extractLabelledFacts(bounded, readings, dates), strength: STRENGTH.field, source: doc.name });
      const text = extractFreeTextFacts(bounded, dates);
      sources.push({ facts: text.facts, strength: STRENGTH.text, source: doc.name });
      guesses.push({ facts: text.guesses, strength: STRENGTH.guess, source: doc.name });
    } catch (error) {
      // One unreadable document must not lose the others: say so and go on.
      warnings.push(`${doc.name} could not be read for intake: ${describe(error)}`);
    }
  }

  if (options.epaPayload !== undefined && options.epaPayload !== null) {
    const epaDoc = { id: "epa_payload", name: "ePA payload" };
    try {
      if (isFhir(options.epaPayload)) sources.push({ facts: extractFhirFacts(epaDoc, options.epaPayload), strength: STRENGTH.epa, source: epaDoc.name });
      else sources.push({ facts: extractEpaFacts(options.epaPayload), strength: STRENGTH.epa, source: epaDoc.name });
    } catch (error) {
      warnings.push(`The ePA payload could not be read: ${describe(error)}`);
    }
  }

  const facts = mergeFacts(sources, { guesses });
  facts.warnings = [...new Set([...warnings, ...facts.warnings])];
  return facts;
}
