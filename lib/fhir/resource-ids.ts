// Stable resource ids: the same prior authorization and fact position always give the same id, so a rebuilt
// intake (a retried job, a re-read) keeps its references and provenance links valid.
import { createHash } from "node:crypto";
import type { IntakeFacts } from "@/lib/intake/types";

export type IntakeResourceKind = "patient" | "practitioner" | "condition" | "medication-request" | "coverage" | "bundle";

// Fixed namespace for the name-based UUIDs of this service; changing it would change every id.
const NAMESPACE = "5d3c1f0e-8a4b-4f7e-9c2d-6b1a0e9f4c3a";

/** A name-based UUID (version 5, RFC 9562) of `${priorAuthId}/${kind}/${index}`; also valid as a FHIR id. */
export function stableResourceId(priorAuthId: string, kind: IntakeResourceKind, index = 0): string {
  const hash = createHash("sha1")
    .update(Buffer.from(NAMESPACE.replaceAll("-", ""), "hex"))
    .update(`${priorAuthId}/${kind}/${index}`, "utf8")
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IntakeResourceIds {
  patient: string;
  practitioners: string[];
  diagnoses: string[];
  medicationRequests: string[];
}

/** The ids the builders give each resource of this intake (the patient id exists even when the intake has none). */
export function intakeResourceIds(facts: IntakeFacts, priorAuthId: string): IntakeResourceIds {
  return {
    patient: stableResourceId(priorAuthId, "patient"),
    practitioners: facts.practitioners.map((_, i) => stableResourceId(priorAuthId, "practitioner", i)),
    diagnoses: facts.diagnoses.map((_, i) => stableResourceId(priorAuthId, "condition", i)),
    medicationRequests: facts.medicationRequests.map((_, i) => stableResourceId(priorAuthId, "medication-request", i)),
  };
}
