// GET /fhir/metadata: what this server answers of the PAS guide's intermediary capabilities, and only that. An
// operation or interaction is listed once it works (the guide's full list is IntermediaryCapabilities). Pure.
import type { CapabilityStatement } from "@medplum/fhirtypes";

const PAS = "http://hl7.org/fhir/us/davinci-pas";

export function pasCapabilityStatement(opts: { serverBase: string; software: { name: string; version: string }; now: Date }): CapabilityStatement {
  return {
    resourceType: "CapabilityStatement",
    status: "active",
    date: opts.now.toISOString(),
    kind: "instance",
    software: opts.software,
    implementation: { description: "Prior authorization service: Da Vinci PAS 2.2.1 payer endpoint", url: `${opts.serverBase}/fhir` },
    fhirVersion: "4.0.1",
    format: ["json"],
    rest: [
      {
        mode: "server",
        documentation: `Based on ${PAS}/CapabilityStatement/IntermediaryCapabilities (PAS 2.2.1). Requests are answered for the workspace of the caller's key.`,
        security: {
          cors: false,
          description: "Each request carries a workspace API key in the X-API-Key header (issued by the workspace's admin); a request without one is 401.",
        },
        resource: [
          {
            type: "Claim",
            supportedProfile: [`${PAS}/StructureDefinition/profile-claim`],
            operation: [{ name: "submit", definition: `${PAS}/OperationDefinition/Claim-submit` }],
          },
        ],
      },
    ],
  };
}
