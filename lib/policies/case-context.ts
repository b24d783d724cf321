// What every check reads of a case: the intake facts, the documents, the claims, the date ages are computed on, and
// the requested drug. Helpers turn intake evidence into step evidence and citations.
import { daysBetween } from "@/lib/claims/claims-evidence";
import type { CaseClaim, TestClaim } from "@/lib/claims/types";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { Evidence, IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { Check, StepEvidence } from "./types";

export interface CaseContext {
  facts: IntakeFacts;
  documents: readonly SourceDocument[];
  /** The supporting information's records and the rows of claims tables in the documents (with their source). */
  claims: readonly CaseClaim[];
  testClaim: TestClaim | null;
  /** YYYY-MM-DD */
  asOf: string;
  /** The medication request the policy is about (matched to the policy's drugs), if any. */
  requested: IntakeMedicationRequest | null;
  /** The policy's covered drug names ("Epidiolex (cannabidiol oral solution)"). */
  coveredDrugs: string[];
}

export interface CheckAnswer {
  outcome: "met" | "not_met" | "missing" | "manual";
  answer: string;
  reason: string;
  evidence: StepEvidence[];
  missingInformation?: string;
}

export type CheckOf<K extends Check["kind"]> = Extract<Check, { kind: K }>;

/**
 * The medication request the policy covers: by name (brand or generic). When the policy names its drugs and no request
 * is one of them, none: another drug's quantity or dose is never compared with this policy's limits. A policy that
 * names no drug takes the first request.
 */
export function requestedDrug(facts: IntakeFacts, coveredDrugs: readonly string[]): IntakeMedicationRequest | null {
  const meds = facts.medicationRequests ?? [];
  const covered = meds.find((m) => coveredDrugs.some((d) => sameDrug(m.name, d)));
  if (covered) return covered;
  return coveredDrugs.length ? null : (meds[0] ?? null);
}

export function toStepEvidence(evidence: readonly Evidence[] | undefined, field?: string): StepEvidence[] {
  const list = (evidence ?? []).filter((e) => !field || !e.field || e.field === field);
  return (list.length ? list : (evidence ?? [])).slice(0, 3).map((e) => ({ documentId: e.documentId, page: e.page, start: e.start, end: e.end, quote: e.quote }));
}

export function documentName(ctx: CaseContext, documentId: string | undefined): string {
  const doc = ctx.documents.find((d) => d.id === documentId);
  return doc?.name || documentId || "a document";
}

/** "002_a (form).pdf p. 1: “Date of Birth: 06-15-22”" */
export function cite(ctx: CaseContext, evidence: readonly StepEvidence[]): string {
  const e = evidence[0];
  if (!e) return "";
  if (e.claimId && !e.documentId) return `claim ${e.claimId}${e.quote ? `: ${e.quote}` : ""}`;
  return `${documentName(ctx, e.documentId)}${e.page ? ` p. ${e.page}` : ""}: “${e.quote}”`;
}

/** A criterion's text inside a sentence: its first letter lower-cased, unless the first word is an abbreviation
 * or a name written with capitals inside it ("B-ALL in remission", "MRD", "HbA1c"). */
export const inSentence = (text: string) => (/^[A-Z][A-Za-z]*[A-Z0-9-]/.test(text) ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`);

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function listWords(items: readonly string[], joiner = "and"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;
}

export const manualAnswer = (text: string): CheckAnswer => ({
  outcome: "manual",
  answer: `A clinician must judge this criterion: “${text}”.`,
  reason: "needs clinician review",
  evidence: [],
});

/** A claim as step evidence: the printed row of a claims table (document, page, span), or the record's id. */
export function claimEvidence(claim: CaseClaim, asOf: string): StepEvidence {
  const when = `${claim.date}, ${daysBetween(claim.date, asOf)} days before ${asOf}`;
  if (claim.source) return { documentId: claim.source.documentId, page: claim.source.page, start: claim.source.start, end: claim.source.end, quote: claim.source.quote, claimId: claim.claim_id };
  return { claimId: claim.claim_id, quote: `${claim.drug_name ?? claim.ndc ?? "drug"} filled ${when} (paid${claim.days_supply ? `, ${claim.days_supply}-day supply` : ""})` };
}

/** Where a claim stands: "claims.pdf p. 1" for a printed row, "claim C1" for a record. */
export const claimWhere = (c: CaseClaim) => (c.source ? `${c.source.documentName} p. ${c.source.page}` : `claim ${c.claim_id}`);
