// The claim shapes of the supporting-information request (spec 2.4), under the names the claims code uses. The zod
// schemas in lib/schemas/supporting-information.ts are the one definition; these aliases cannot drift from them.
import type { TClaimRecord } from "@/lib/schemas/supporting-information";

export type { TClaimRecord as ClaimRecord, TTestClaim as TestClaim } from "@/lib/schemas/supporting-information";

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
export type CaseClaim = TClaimRecord & { quantity?: number; source?: ClaimSource };
