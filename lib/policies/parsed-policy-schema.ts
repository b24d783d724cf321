// The stored parsed policy (PolicyVersion.parsed, a policy check's snapshot, a draft's `parsed`) as a schema: every
// read parses through it. Built on the check's schema (ZStoredCheck: ZCheck's shape without the edit limits); the
// types of types.ts are checked against it below, so the two cannot drift. A key the types do not name is dropped on
// read; the corpus evaluation proves every policy the readers write parses without losing one (lossInParsing).
import { z } from "zod";
import { readStoredRecord, type Same } from "@/lib/stored-record";
import { ZStoredCheck } from "./check-schema";
import type { CriteriaNode, CriterionNode, GroupNode, ParsedPolicy, PolicyNote, PolicySection, Quote } from "./types";

export const ZQuote = z.object({
  page: z.number(),
  text: z.string(),
  recognised: z.boolean().optional(),
  confidence: z.number().optional(),
});

const ZPolicyNote = z.object({ text: z.string(), quote: ZQuote });

export const ZCriterionNode = z.object({
  kind: z.literal("criterion"),
  id: z.string(),
  text: z.string(),
  quote: ZQuote,
  check: ZStoredCheck,
  notes: z.array(ZPolicyNote).optional(),
  rule: z.string().optional(),
});

// Recursive: a group's children are groups or criteria (annotated, as zod cannot infer a type through itself).
export const ZCriteriaNode: z.ZodType<CriteriaNode> = z.lazy(() => z.discriminatedUnion("kind", [ZGroupNode, ZCriterionNode]));

const ZGroupNode = z.object({
  kind: z.literal("group"),
  id: z.string(),
  logic: z.enum(["all", "any"]),
  minCount: z.number().optional(),
  text: z.string().nullable(),
  quote: ZQuote.nullable(),
  children: z.array(ZCriteriaNode),
});

export const ZPolicySection = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(["initial", "continuation", "general"]),
  diagnosisHints: z.object({ names: z.array(z.string()), icd10Prefixes: z.array(z.string()) }),
  approvalDuration: z.string().nullable(),
  criteria: ZCriteriaNode,
  titleQuote: ZQuote.nullable().optional(),
});

export const ZParsedPolicy = z.object({
  title: z.string(),
  payer: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  drugNames: z.array(z.string()),
  suggestedCodes: z.object({ ndc: z.array(z.string()), cpt: z.array(z.string()), hcpcs: z.array(z.string()) }),
  sections: z.array(ZPolicySection),
  limits: z.array(ZCriterionNode).optional(),
  warnings: z.array(z.string()).optional(),
});

/** As stored: stamped with the version of the reader that read it (lib/policies/reader-version.ts), when one did. */
export const ZStoredParsedPolicy = ZParsedPolicy.extend({ readerVersion: z.string().optional() });

// The types of types.ts and the schemas' outputs must be the same (tsc fails otherwise).
const agree: [
  Same<z.infer<typeof ZQuote>, Quote>,
  Same<z.infer<typeof ZPolicyNote>, PolicyNote>,
  Same<z.infer<typeof ZCriterionNode>, CriterionNode>,
  Same<z.infer<typeof ZGroupNode>, GroupNode>,
  Same<z.infer<typeof ZPolicySection>, PolicySection>,
  Same<z.infer<typeof ZParsedPolicy>, ParsedPolicy>,
] = [true, true, true, true, true, true];
void agree;

/**
 * A stored parsed policy, as the engines read it. `record` names it for the answer when it cannot be read ("the
 * parsed policy of version 3 of policy ..."). No older shape needs a migration: every field added since the first
 * reader is optional; a policy that still does not parse is reported (UnreadableRecord), to be re-read or re-published.
 */
export function readParsedPolicy(stored: unknown, record: string): ParsedPolicy {
  return readStoredRecord(ZStoredParsedPolicy, stored, { record, remedy: "re-read the policy from its document, or publish its criteria again" });
}

/** A policy version's stored parsed policy (PolicyVersion.parsed). */
export const readVersionPolicy = (version: { policyId: string; version: number; parsed: unknown }): ParsedPolicy =>
  readParsedPolicy(version.parsed, `the parsed policy of version ${version.version} of policy ${version.policyId}`);
