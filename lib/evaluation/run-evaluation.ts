// Runs the labelled cases through the engines (lib/evaluation/evaluate-case.ts), reading each PDF once per run:
// a policy document shared by many cases is read and its sections built once. Reports the time it took.
import type { ClaimRecord } from "@/lib/claims/types";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import type { SourceDocument } from "@/lib/intake/types";
import { allQuotes } from "@/lib/policies/enforce-verbatim-quotes";
import { extractIntake } from "@/lib/intake/extract-intake";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { recogniseRequirementCells } from "@/lib/policies/read/formulary/recognise-requirement-cells";
import { readPolicyDocument } from "@/lib/policies/read/read-policy-document";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import { isVerbatim } from "@/lib/policies/verbatim-quote";
import { evaluateCase, type CaseOutcome, type EvaluationCase } from "./evaluate-case";
import type { QuoteCount } from "./family-figures";

/** A PDF by a stable id (its path, or a fixture's name) and how to get its bytes. */
export interface PdfSource {
  id: string;
  load: () => Promise<Uint8Array> | Uint8Array;
}

export interface EvaluationInput {
  testCase: EvaluationCase;
  policy: PdfSource;
  documents: PdfSource[];
  /** Claims the case brings apart from its documents (a claims feed); none by default. */
  claims?: ClaimRecord[];
}

export interface EvaluationRun {
  outcomes: CaseOutcome[];
  quotes: QuoteCount[];
  /** Documents that could not be read or evaluated, with the error. */
  errors: string[];
  ms: { pdf: number; policy: number; cases: number; pdfFiles: number; pdfPages: number; cellOcr: number; ocrCells: number };
}

export async function runEvaluation(inputs: readonly EvaluationInput[]): Promise<EvaluationRun> {
  const ms = { pdf: 0, policy: 0, cases: 0, pdfFiles: 0, pdfPages: 0, cellOcr: 0, ocrCells: 0 };
  const pdfs = new Map<string, Promise<PdfPage[]>>();
  const pagesOf = (src: PdfSource) => {
    let pending = pdfs.get(src.id);
    if (!pending) {
      pending = (async () => {
        const t0 = performance.now();
        const { pages } = await readPdf(await src.load());
        ms.pdf += performance.now() - t0;
        ms.pdfFiles += 1;
        ms.pdfPages += pages.length;
        return pages;
      })();
      pdfs.set(src.id, pending);
    }
    return pending;
  };
  const readings = new Map<string, PolicyDocumentReading>();
  // As the service checks a case against a policy document: a drug list's requirement cells without a usable text
  // layer are recognised from the page image for the rows of the drugs its cases ask for (as their intake reads them).
  const focusOf = new Map<string, Set<string>>();
  for (const input of inputs) {
    try {
      const documents: SourceDocument[] = [];
      for (const doc of input.documents) documents.push({ id: doc.id, name: doc.id, contentType: "application/pdf", pages: await pagesOf(doc) });
      const names = caseDrugsOf({ facts: extractIntake(documents, { referenceYear: Number(input.testCase.asOf.slice(0, 4)) }), priorAuth: { drugName: null } }).drugNames;
      const set = focusOf.get(input.policy.id) ?? new Set<string>();
      for (const n of names) set.add(n);
      focusOf.set(input.policy.id, set);
    } catch {
      // The case's own run reports its error.
    }
  }
  const recognisedPages = new Map<string, Promise<PdfPage[]>>();
  const policyPagesOf = (src: PdfSource) => {
    let pending = recognisedPages.get(src.id);
    if (!pending) {
      pending = (async () => {
        const pages = await pagesOf(src);
        const run = await recogniseRequirementCells(await src.load(), pages, { focus: [...(focusOf.get(src.id) ?? [])], focusOnly: true });
        ms.cellOcr += run.ms;
        ms.ocrCells += run.cells.asked;
        if (run.cells.asked) console.log(`[evaluation] ${src.id}: ${run.cells.recognised} of ${run.cells.asked} requirement cells recognised from the page image in ${(run.ms / 1000).toFixed(1)} s`);
        return run.pages;
      })();
      recognisedPages.set(src.id, pending);
    }
    return pending;
  };
  const quotes: QuoteCount[] = [];
  const outcomes: CaseOutcome[] = [];
  const errors: string[] = [];
  for (const input of inputs) {
    try {
      const policyPages = await policyPagesOf(input.policy);
      let reading = readings.get(input.policy.id);
      if (!reading) {
        const t0 = performance.now();
        reading = readPolicyDocument(policyPages);
        ms.policy += performance.now() - t0;
        readings.set(input.policy.id, reading);
        const all = reading.sections.flatMap((s) => allQuotes(s.policy));
        quotes.push({ group: input.testCase.group, verbatim: all.filter((q) => isVerbatim(policyPages, q)).length, total: all.length });
      }
      const documents: SourceDocument[] = [];
      for (const doc of input.documents) documents.push({ id: doc.id, name: doc.id.split("/").pop() ?? doc.id, contentType: "application/pdf", pages: await pagesOf(doc) });
      const t1 = performance.now();
      outcomes.push(evaluateCase({ testCase: input.testCase, reading, documents, claims: input.claims }));
      ms.cases += performance.now() - t1;
    } catch (error) {
      errors.push(`${input.testCase.key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { outcomes, quotes, errors, ms };
}
