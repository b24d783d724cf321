// The claims a policy check weighs: the supporting information's records (sent through the API) and the rows of
// claims tables printed in the case's documents. A printed row that repeats a record (same date, same drug or NDC)
// is left out: the record sent as data stands. Pure.
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { readClaimsTables, type ReadClaimsOptions } from "./claims-table";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { CaseClaim, ClaimRecord } from "./types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const sameClaim = (a: CaseClaim, b: CaseClaim) => {
  if (a.date !== b.date) return false;
  const na = a.ndc ? normalizeNdc(a.ndc) : null;
  const nb = b.ndc ? normalizeNdc(b.ndc) : null;
  if (na && nb) return na === nb;
  return Boolean(a.drug_name && b.drug_name && sameDrug(a.drug_name, b.drug_name));
};

export function caseClaims(records: readonly ClaimRecord[], documents: readonly SourceDocument[], opts: ReadClaimsOptions = {}): CaseClaim[] {
  const printed = documents.flatMap((doc) => (doc.pages?.length ? readClaimsTables(doc, opts) : []));
  return [...records, ...printed.filter((p) => !records.some((r) => sameClaim(r, p)))];
}
