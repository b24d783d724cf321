// GET /fhir/metadata: what this server answers of the PAS guide's intermediary capabilities, and only that. An
// operation or interaction is listed once it works (the guide's full list is IntermediaryCapabilities). Pure.
import type { CapabilityStatement } from "@medplum/fhirtypes";

const PAS = "http://hl7.org/fhir/us/davinci-pas";

/** Each interaction and the SMART scope a token needs for it (lib/smart/smart-scopes.ts, the routes' `scope`). */
const SCOPE_USES = [
  "system/Claim.c for Claim/$submit",
  "system/Claim.r for Claim/$inquire",
  "system/ClaimResponse.r for ClaimResponse read and vread",
  "system/Subscription.c, .r, .u and .d for Subscription create, read, update and delete",
].join("; ");

/** `tokenUrl`: the SMART token endpoint (lib/smart/smart-configuration.ts). */
export function pasCapabilityStatement(opts: { serverBase: string; tokenUrl: string; software: { name: string; version: string }; now: Date }): CapabilityStatement {
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
          // SMART App Launch's way of naming the token endpoint (also at /.well-known/smart-configuration).
          extension: [{ url: "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris", extension: [{ url: "token", valueUri: opts.tokenUrl }] }],
          cors: false,
          service: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/restful-security-service", code: "SMART-on-FHIR" }], text: "SMART backend services (client_credentials, private_key_jwt RS384/ES384)" }],
          description:
            `SMART backend services: a client registered by the workspace's admin gets a 5-minute bearer token at ${opts.tokenUrl} with an assertion signed by its key, and sends it as Authorization: Bearer. ` +
            `Scopes (SMART v2, v1's read/write/* accepted too): ${SCOPE_USES}. A token is granted the scopes it asks for (all when it asks none) as far as its client was allowed them at registration, and a request its scope does not cover is 403 (forbidden, naming the scope). ` +
            "A workspace API key in the X-API-Key header works too, unscoped. A request without either is 401; each answers for its own workspace only.",
        },
        resource: [
          {
            type: "Claim",
            supportedProfile: [`${PAS}/StructureDefinition/profile-claim`],
            operation: [
              { name: "submit", definition: `${PAS}/OperationDefinition/Claim-submit` },
              { name: "inquire", definition: `${PAS}/OperationDefinition/Claim-inquiry` },
            ],
          },
          {
            type: "ClaimResponse",
            supportedProfile: [`${PAS}/StructureDefinition/profile-claimresponse`],
            versioning: "versioned",
            interaction: [
              { code: "read", documentation: "The current version of a PAS answer: a Claim Update or a clinician's decision makes a new one." },
              { code: "vread", documentation: "Any earlier version, as it was answered (every version is kept)." },
            ],
          },
          {
            type: "Subscription",
            supportedProfile: [`${PAS}/StructureDefinition/profile-subscription`],
            interaction: [{ code: "create" }, { code: "read" }, { code: "update" }, { code: "delete" }],
            documentation:
              `Topic-based (R5 backport): criteria ${PAS}/SubscriptionTopic/PASSubscriptionTopic with the filter org-identifier=<the submitting organization's identifier>, ` +
              "channel rest-hook, payload application/fhir+json with full-resource content. A handshake is sent on creation, then an event notification " +
              "(the SubscriptionStatus, then the PAS Response Bundle) for each decision on a matching request. Notifications are signed (Standard Webhooks " +
              "headers webhook-id, webhook-timestamp, webhook-signature) with the secret returned once when the subscription is created, and retried.",
          },
        ],
      },
    ],
  };
}
