// A stored policy check (PolicyCheck: steps, summary and the policy given with it) as a schema, in the API's shape it is stored
// in (spec 2.6): lib/schemas/policy-check.ts answers with these same schemas, so the stored record and the answer
// cannot drift. A step is read loose: it is presented as stored, so a key this code does not name is kept, never lost.
import { z } from "zod";
import { readStoredRecord } from "@/lib/stored-record";
import { ZStoredParsedPolicy } from "./parsed-policy-schema";
import type { ParsedPolicy } from "./types";

/** One answered criterion: spec 2.6, plus the outcome, the criterion, the quote's page and the evidence. */
export const ZPolicyCheckStep = z.object({
  step: z.number().int(),
  question_or_action: z.string(),
  answer: z.string(),
  passed: z.boolean(),
  reason: z.string(),
  policy_guideline_quoted_source: z.string(),
  outcome: z.enum(["met", "not_met", "missing", "manual"]),
  criterion_id: z.string(),
  /** What to send when the outcome is missing. */
  missing_information: z.string().optional(),
  /** An alternative of an ANY group that another alternative already satisfied. */
  not_needed: z.boolean().optional(),
  /** An alternative of a ONE-of group that is not met while another may still meet the group (outcome stays missing). */
  unmet_alternative: z.boolean().optional(),
  /** `recognised`: the quote was read from the page image by text recognition, with its `confidence` (0-100). */
  policy_quote: z.object({ page: z.number().int(), text: z.string(), recognised: z.boolean().optional(), confidence: z.number().optional() }).nullable(),
  /** The reading rule that classified the criterion (absent for policies read before rules were recorded). */
  rule: z.string().optional(),
  evidence: z.array(
    z.object({
      document_id: z.string().optional(),
      page: z.number().int().nullable().optional(),
      start: z.number().int().optional(),
      end: z.number().int().optional(),
      quote: z.string(),
      claim_id: z.string().optional(),
    }),
  ),
});

/** A step as read back from the store: as written, keys included that the API's schema does not name. */
export const ZStoredPolicyCheckStep = ZPolicyCheckStep.loose();

/** The policy a check applied: the library's (id, version) or one given with the request. */
export const ZPolicyCheckPolicy = z.object({
  id: z.uuid().nullable(),
  version: z.number().int().nullable(),
  title: z.string(),
  source: z.enum(["library", "policy_document_url", "policy_payload"]),
  section: z.string().nullable(),
});

export const ZPolicyCheckRollup = z.object({ overall: z.enum(["met", "not_met", "missing"]), failed_steps: z.array(z.number().int()), missing_steps: z.array(z.number().int()) });

/** PolicyCheck.summary: the policy applied and the rollup of the steps. */
export const ZPolicyCheckSummary = z.object({ policy: ZPolicyCheckPolicy, rollup: ZPolicyCheckRollup });

/** The stored result of a policy check (its steps and summary), as the API and the notices read it. */
export const ZPolicyCheckRecord = z.object({
  steps: z.array(ZStoredPolicyCheckStep),
  summary: ZPolicyCheckSummary,
});
export type PolicyCheckRecord = z.infer<typeof ZPolicyCheckRecord>;

/**
 * A stored policy check's columns, as the API and the notices read them. Its shape has not changed since checks were
 * first stored (later keys are optional), so no migration; a record that does not parse is reported (UnreadableRecord).
 */
export function readPolicyCheckRecord(row: { id: string; steps: unknown; summary: unknown }): PolicyCheckRecord {
  return readStoredRecord(ZPolicyCheckRecord, { steps: row.steps, summary: row.summary }, { record: `policy check ${row.id}`, remedy: "run the policy check again" });
}

/**
 * PolicyCheck.policySnapshot of a check whose policy came with the request (policy_document_url, policy_payload): the
 * policy in full, as the determination applies it again. (A library policy's snapshot names its version instead.)
 */
export function readGivenPolicySnapshot(row: { id: string; policySnapshot: unknown }): ParsedPolicy {
  return readStoredRecord(ZStoredParsedPolicy, row.policySnapshot, { record: `the policy given with policy check ${row.id}`, remedy: "run the policy check again with the policy" });
}
