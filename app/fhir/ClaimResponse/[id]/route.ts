import { withWorkspace } from "@/lib/api/with-workspace";
import { fhirJson } from "@/lib/api/responses";
import { getPasClaimResponseOrThrow } from "@/lib/pas/get-pas-claim-response-or-throw";

export const dynamic = "force-dynamic";

// GET /fhir/ClaimResponse/{id} - the current version of a PAS answer (its id is the case's)
export const GET = withWorkspace<{ id: string }>(
  async ({ params, workspace }) => fhirJson(await getPasClaimResponseOrThrow({ workspaceId: workspace.id, priorAuthId: params.id })),
  { allow: ["api_key", "bearer"], errorBody: "fhir", scope: { resource: "ClaimResponse", permission: "r" } },
);
