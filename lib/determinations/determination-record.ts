// A stored determination's body (Determination.body) as a schema, in the API's shape it is stored in (spec 2.7):
// lib/schemas/determination.ts answers with this same shape plus the record's id and time, so the two cannot drift.
// Loose: a determination is immutable and presented as stored, so a key this code does not name is kept. Bodies
// written before automatic approvals existed have no `approved_automatically`: optional, as the answer has it.
import { z } from "zod";
import { readStoredRecord } from "@/lib/stored-record";

const ZDeterminationStatus = z.enum(["approved", "denied", "request_for_information", "pending_review"]);

export const ZDeterminationBody = z.looseObject({
  status: ZDeterminationStatus,
  recommended_status: ZDeterminationStatus,
  reasoning: z.array(z.object({ step: z.number().int(), description: z.string(), source: z.string() })),
  recommendation: z.string(),
  references: z.array(z.string()),
  summary: z.string(),
  missing_information: z.array(z.string()),
  /** Set when the engine's approval is final without a person: the rule that allowed it. */
  approved_automatically: z.object({ rule: z.string() }).nullable().optional(),
  /** What a notice would name unread (the patient's name, the drug): a person verifies it first. Absent before this existed. */
  unverified_facts: z.array(z.object({ field: z.enum(["patient_name", "drug"]), message: z.string() })).optional(),
  policy: z.object({ id: z.uuid().nullable(), version: z.number().int().nullable(), title: z.string(), source: z.string(), section: z.string().nullable() }),
  policy_check_id: z.uuid(),
  engine_version: z.string(),
  inputs_digest: z.string(),
  content_digest: z.string(),
});
export type DeterminationBody = z.infer<typeof ZDeterminationBody>;

/** A stored determination's body. Immutable, so never migrated: one that does not parse is reported (UnreadableRecord). */
export function readDeterminationBody(stored: unknown, determinationId: string): DeterminationBody {
  return readStoredRecord(ZDeterminationBody, stored, { record: `determination ${determinationId}`, remedy: "request a new determination of the case" });
}
