// An OperationOutcome naming each problem by its FHIRPath expression (how the /fhir endpoint answers bad input). Pure.
import type { OperationOutcome, OperationOutcomeIssue } from "@medplum/fhirtypes";
import type { PasProblem } from "@/lib/fhir/pas/validate-pas";

export function problemsOutcome(problems: PasProblem[], code: OperationOutcomeIssue["code"] = "invalid"): OperationOutcome {
  return { resourceType: "OperationOutcome", issue: problems.map((problem) => ({ severity: "error", code, expression: [problem.expression], details: { text: problem.message } })) };
}
