// Coverage: the patient's insurance as a strict R4 resource for the Bundle. R4 requires status, beneficiary and at
// least one payor; a payer the documents do not name is a payor reference with only a display saying so, so the
// member ID still reaches the reviewer. Plan and group go to Coverage.class (HL7 coverage-class codes).
import type { Coverage, Patient, Reference } from "@medplum/fhirtypes";
import type { IntakeCoverage, IntakeFacts } from "@/lib/intake/types";
import { memberIdentifier } from "@/lib/fhir/build-patient";
import { HL7_COVERAGE_CLASS_SYSTEM } from "@/lib/fhir/fhir-systems";
import { nonBlank, pruneEmpty } from "@/lib/fhir/fhir-values";

export const UNKNOWN_PAYER = "Payer not stated in the documents";

/** The Coverage, or undefined when the intake knows no coverage value. */
export function buildCoverageResource(coverage: IntakeCoverage | null | undefined, id: string, beneficiary: Reference<Patient>): Coverage | undefined {
  const memberId = nonBlank(coverage?.memberId);
  const payer = nonBlank(coverage?.payer);
  const plan = nonBlank(coverage?.plan);
  const group = nonBlank(coverage?.group);
  if (!memberId && !payer && !plan && !group) return undefined;
  const cls = (code: "plan" | "group", value: string) => ({
    type: { coding: [{ system: HL7_COVERAGE_CLASS_SYSTEM, code, display: code === "plan" ? "Plan" : "Group" }] },
    value,
    ...(code === "plan" ? { name: value } : {}),
  });
  return pruneEmpty<Coverage>({
    resourceType: "Coverage",
    id,
    identifier: memberId ? [memberIdentifier(memberId)] : undefined,
    status: "active",
    subscriberId: memberId,
    beneficiary,
    payor: [{ display: payer ?? UNKNOWN_PAYER }],
    class: [...(plan ? [cls("plan", plan)] : []), ...(group ? [cls("group", group)] : [])],
  });
}

/** The intake's coverage; an intake stored before coverage was read still has its patient's member ID. */
export function coverageOf(facts: IntakeFacts): IntakeCoverage | null {
  if (facts.coverage) return facts.coverage;
  const memberId = nonBlank(facts.patient?.memberId);
  return memberId ? { memberId, payer: null, plan: null, group: null, evidence: (facts.patient?.evidence ?? []).filter((e) => e.field === "memberId") } : null;
}
