// A claims table printed in a document (a pharmacy's fill history) is read as claims (lib/claims/claims-table.ts):
// its rows are dated fills, not the drug requested, and not mentions of drugs tried in a note. Facts read from those
// rows by the form and text readers (the header "Drug | Qty | Days supply" reads like form labels) are left out.
import { readClaimsTables } from "@/lib/claims/claims-table";
import type { Evidence, IntakeFacts } from "./types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

export interface RowSpan {
  page: number;
  start: number;
  end: number;
}

/** The page and character span of every claims-table row of a document. */
export function claimsRowSpans(doc: SourceDocument, referenceYear?: number): RowSpan[] {
  return readClaimsTables(doc, referenceYear ? { referenceYear } : {}).flatMap((claim) =>
    claim.source && typeof claim.source.page === "number" ? [{ page: claim.source.page, start: claim.source.start, end: claim.source.end }] : [],
  );
}

const inside = (e: Evidence, rows: RowSpan[], docId: string) =>
  e.documentId === docId && rows.some((r) => r.page === e.page && e.start >= r.start && e.end <= r.end);

/** The facts without medication requests and drug mentions read from claims-table rows. */
export function withoutClaimsRows(facts: IntakeFacts, doc: SourceDocument, rows: RowSpan[]): IntakeFacts {
  if (!rows.length) return facts;
  const fromRows = (evidence: Evidence[]) => evidence.length > 0 && evidence.some((e) => e.field === "name" || !e.field) && evidence.filter((e) => e.field === "name" || !e.field).every((e) => inside(e, rows, doc.id));
  facts.medicationRequests = facts.medicationRequests.filter((m) => !fromRows(m.evidence));
  facts.priorTreatments = facts.priorTreatments.filter((t) => !(t.evidence.length && t.evidence.every((e) => inside(e, rows, doc.id))));
  return facts;
}
