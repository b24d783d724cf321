// What every family reader needs of a document before its sections: the pages in order, every line (running
// headers and footers included, since a title or an effective date often repeats on each page), the payer and the
// effective date.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { findEffectiveDate, findPayer } from "@/lib/policies/policy-metadata";
import { policyLines } from "@/lib/policies/policy-lines";

export function readDocumentHeader(pages: readonly PdfPage[]) {
  const sorted = [...pages].sort((a, b) => a.page - b.page);
  const { lines, removed } = policyLines(sorted);
  const everyLine = [...removed, ...lines].sort((a, b) => a.page - b.page || a.index - b.index);
  const payer = findPayer(sorted.map((p) => p.text).join("\n"));
  const effectiveDate = findEffectiveDate(everyLine);
  /** The first line of the first page: the document's title when it names none elsewhere. */
  const firstLine = everyLine.find((l) => l.page === sorted[0]?.page)?.text ?? null;
  return { sorted, everyLine, payer, effectiveDate, firstLine };
}
