// Runs the labelled cases through the engines (lib/evaluation/evaluate-case.ts), reading each PDF once per run:
// a policy document shared by many cases is read and its sections built once. Reports the time it took.
import type { ClaimRecord } from "@/lib/claims/types";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import type { SourceDocument } from "@/lib/intake/types";
import { allQuotes } from "@/lib/policies/enforce-verbatim-quotes";
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
  ms: { pdf: number; policy: number; cases: number; pdfFiles: number; pdfPages: number };
}

export async function runEvaluation(inputs: readonly EvaluationInput[]): Promise<EvaluationRun> {
  const ms = { pdf: 0, policy: 0, cases: 0, pdfFiles: 0, pdfPages: 0 };
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
  const quotes: QuoteCount[] = [];
  const outcomes: CaseOutcome[] = [];
  const errors: string[] = [];
  for (const input of inputs) {
    try {
      const policyPages = await pagesOf(input.policy);
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
