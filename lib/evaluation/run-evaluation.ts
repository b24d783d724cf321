// Runs the labelled cases through the engines (lib/evaluation/evaluate-case.ts), reading each PDF once per run:
// a policy document shared by many cases is read and its sections built once, and every stage uses the same reading
// and the same intake of a case: (a) reading the policy against its published criteria (stage-reading.ts), (b)
// deciding with the published criteria (stage-published.ts), (c) end to end from the PDF (evaluate-case.ts), (d) the
// intake's fields per form layout (stage-intake.ts). Reports the time it took.
import type { ClaimRecord } from "@/lib/claims/types";
import { readDocumentContent } from "@/lib/documents/read-document-content";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { ZIntakeFacts } from "@/lib/intake/intake-facts-schema";
import type { IntakeFacts } from "@/lib/intake/types";
import { allQuotes } from "@/lib/policies/enforce-verbatim-quotes";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { policyFromPayload } from "@/lib/policies/policy-payload";
import { recogniseRequirementCells } from "@/lib/policies/read/formulary/recognise-requirement-cells";
import { readPolicyDocument } from "@/lib/policies/read/read-policy-document";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import { ZStoredParsedPolicy } from "@/lib/policies/parsed-policy-schema";
import type { ParsedPolicy } from "@/lib/policies/types";
import { isVerbatim } from "@/lib/policies/verbatim-quote";
import { lossInParsing } from "@/lib/stored-record";
import { evaluateCase, intakeOfCase, type CaseOutcome, type EvaluationCase } from "./evaluate-case";
import type { QuoteCount } from "./family-figures";
import { intakeOutcome, type IntakeOutcome } from "./stage-intake";
import { decideWithPublished, type PublishedOutcome } from "./stage-published";
import { readingOutcome, type ReadingOutcome } from "./stage-reading";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

/** A PDF by a stable id (its path, or a fixture's name) and how to get its bytes. */
export interface PdfSource {
  id: string;
  load: () => Promise<Uint8Array> | Uint8Array;
  /** "recognise": an image-only copy, read as the service reads documents (text recognition of pages without text). */
  read?: "text" | "recognise";
}

export interface EvaluationInput {
  testCase: EvaluationCase;
  policy: PdfSource;
  documents: PdfSource[];
  /** Claims the case brings apart from its documents (a claims feed); none by default. */
  claims?: ClaimRecord[];
  /** The section's criteria as an admin would publish them (a criteria document's JSON, as a policy_payload), if any. */
  published?: { id: string; load: () => string };
}

/** The stages a run computes: end to end (c) and reading (a) read the policy PDFs; published (b) and intake (d) do not. */
export type RunStage = "end_to_end" | "reading" | "published" | "intake";
export const RUN_STAGES: RunStage[] = ["end_to_end", "reading", "published", "intake"];

export interface EvaluationRun {
  outcomes: CaseOutcome[];
  quotes: QuoteCount[];
  reading: ReadingOutcome[];
  published: PublishedOutcome[];
  intake: IntakeOutcome[];
  /** Seconds each case took to read its documents (an image-only copy: recognition) and evaluate. */
  seconds: Record<string, number>;
  /** Documents that could not be read or evaluated, with the error. */
  errors: string[];
  ms: { pdf: number; policy: number; cases: number; pdfFiles: number; pdfPages: number; cellOcr: number; ocrCells: number };
}

/** "policy-families" of "policy-families/criteria_table". */
const sourceOf = (group: string) => group.split("/")[0];

export async function runEvaluation(inputs: readonly EvaluationInput[], options: { stages?: readonly RunStage[] } = {}): Promise<EvaluationRun> {
  const stages = new Set(options.stages ?? RUN_STAGES);
  const readsPolicies = stages.has("end_to_end") || stages.has("reading");
  const ms = { pdf: 0, policy: 0, cases: 0, pdfFiles: 0, pdfPages: 0, cellOcr: 0, ocrCells: 0 };
  const pdfs = new Map<string, Promise<PdfPage[]>>();
  const pagesOf = (src: PdfSource) => {
    let pending = pdfs.get(src.id);
    if (!pending) {
      pending = (async () => {
        const t0 = performance.now();
        const bytes = await src.load();
        // An image-only copy is read as the service reads a case's documents: pages without text are recognised.
        const pages = src.read === "recognise" ? (await readDocumentContent(bytes, "pdf")).pages : (await readPdf(bytes)).pages;
        ms.pdf += performance.now() - t0;
        ms.pdfFiles += 1;
        ms.pdfPages += pages.length;
        return pages;
      })();
      pdfs.set(src.id, pending);
    }
    return pending;
  };
  const seconds: Record<string, number> = {};
  // Each case's documents are read and its intake extracted once, for every stage.
  const cases = new Map<EvaluationInput, Promise<{ documents: SourceDocument[]; facts: IntakeFacts }>>();
  const caseOf = (input: EvaluationInput) => {
    let pending = cases.get(input);
    if (!pending) {
      pending = (async () => {
        const t0 = performance.now();
        const documents: SourceDocument[] = [];
        for (const doc of input.documents) documents.push({ id: doc.id, name: doc.id.split("/").pop() ?? doc.id, contentType: "application/pdf", pages: await pagesOf(doc) });
        const facts = intakeOfCase(input.testCase, documents);
        seconds[input.testCase.key] = (performance.now() - t0) / 1000;
        return { documents, facts };
      })();
      cases.set(input, pending);
    }
    return pending;
  };
  // As the service checks a case against a policy document: a drug list's requirement cells without a usable text
  // layer are recognised from the page image for the rows of the drugs its cases ask for (as their intake reads them).
  const focusOf = new Map<string, Set<string>>();
  if (readsPolicies) {
    for (const input of inputs) {
      try {
        const names = caseDrugsOf({ facts: (await caseOf(input)).facts, priorAuth: { drugName: null } }).drugNames;
        const set = focusOf.get(input.policy.id) ?? new Set<string>();
        for (const n of names) set.add(n);
        focusOf.set(input.policy.id, set);
      } catch {
        // The case's own run reports its error.
      }
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
  const errors: string[] = [];
  // What the service would store must read back through its schema whole (lib/stored-record.ts): a problem is an error.
  const storedRecordLoss = (what: string, schema: Parameters<typeof lossInParsing>[0], record: unknown) => {
    for (const loss of lossInParsing(schema, record)) errors.push(`${what} does not read back through its schema: ${loss}`);
  };
  const readings = new Map<string, PolicyDocumentReading>();
  const readingOf = async (input: EvaluationInput) => {
    let reading = readings.get(input.policy.id);
    if (!reading) {
      const policyPages = await policyPagesOf(input.policy);
      const t0 = performance.now();
      reading = readPolicyDocument(policyPages);
      ms.policy += performance.now() - t0;
      readings.set(input.policy.id, reading);
      for (const section of reading.sections) storedRecordLoss(`${input.policy.id} ${section.label}: parsed policy`, ZStoredParsedPolicy, section.policy);
      const all = reading.sections.flatMap((s) => allQuotes(s.policy));
      quotes.push({ group: input.testCase.group, verbatim: all.filter((q) => isVerbatim(policyPages, q)).length, total: all.length });
    }
    return reading;
  };
  const publishedPolicies = new Map<string, ParsedPolicy>();
  // The same code path as a check's policy_payload: the JSON text through policyFromPayload.
  const publishedOf = (p: NonNullable<EvaluationInput["published"]>) => {
    let policy = publishedPolicies.get(p.id);
    if (!policy) {
      publishedPolicies.set(p.id, (policy = policyFromPayload(p.load())));
      storedRecordLoss(`${p.id}: parsed policy`, ZStoredParsedPolicy, policy);
    }
    return policy;
  };
  const quotes: QuoteCount[] = [];
  const outcomes: CaseOutcome[] = [];
  const published: PublishedOutcome[] = [];
  const intake: IntakeOutcome[] = [];
  for (const input of inputs) {
    const c = input.testCase;
    try {
      const { documents, facts } = await caseOf(input);
      storedRecordLoss(`${c.key}: intake facts`, ZIntakeFacts, facts);
      const t1 = performance.now();
      if (stages.has("intake")) intake.push(intakeOutcome({ key: c.key, source: sourceOf(c.group), family: c.family, layout: c.layout ?? c.group, facts, label: c.label }));
      if (stages.has("published") && input.published) published.push(decideWithPublished({ testCase: c, policy: publishedOf(input.published), facts, documents, claims: input.claims }));
      ms.cases += performance.now() - t1;
      if (!stages.has("end_to_end")) continue;
      const reading = await readingOf(input);
      const t2 = performance.now();
      outcomes.push(evaluateCase({ testCase: c, reading, documents, claims: input.claims, facts }));
      ms.cases += performance.now() - t2;
    } catch (error) {
      errors.push(`${c.key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // (a) once per published criteria document, for the drugs of every case decided on it.
  const reading: ReadingOutcome[] = [];
  if (stages.has("reading")) {
    for (const id of [...new Set(inputs.flatMap((i) => (i.published ? [i.published.id] : [])))]) {
      const group = inputs.filter((i) => i.published?.id === id);
      const first = group[0];
      try {
        reading.push(
          readingOutcome({
            key: `${sourceOf(first.testCase.group)}/criteria/${id.split("/").pop()?.replace(/\.json$/, "")}`,
            source: sourceOf(first.testCase.group),
            family: first.testCase.family,
            reading: await readingOf(first),
            drugs: group.map((i) => i.testCase.drug),
            published: publishedOf(first.published!),
          }),
        );
      } catch (error) {
        errors.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { outcomes, quotes, reading, published, intake, seconds, errors, ms };
}
