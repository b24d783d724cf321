// The claim shapes the claims code reads (spec 2.4): lib/claims/claim-record.ts is their one definition, and the
// supporting-information request's schemas are checked to give the same types.
import type { ClaimRecord } from "./claim-record";

export type { ClaimRecord, TestClaim } from "./claim-record";

/** Where a claim read from a case document stands: the document, page and the table row as printed. */
export interface ClaimSource {
  documentId: string;
  documentName: string;
  page: number;
  /** The row's line of the page text, verbatim, and its span in that page's text. */
  quote: string;
  start: number;
  end: number;
}

/**
 * A claim as the checks read it: a record of the supporting information, or a row of a claims table in the case's
 * documents (then `source` says where). `quantity`: units dispensed, when the source states it.
 */
export type CaseClaim = ClaimRecord & { quantity?: number; source?: ClaimSource };
