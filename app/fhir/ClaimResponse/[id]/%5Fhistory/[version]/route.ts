// (The folder is %5Fhistory: Next.js keeps folders starting with "_" out of routing, %5F routes the URL segment _history.)
import { withWorkspace } from "@/lib/api/with-workspace";
import { fhirJson } from "@/lib/api/responses";
import { getPasClaimResponseOrThrow } from "@/lib/pas/get-pas-claim-response-or-throw";

export const dynamic = "force-dynamic";

// GET /fhir/ClaimResponse/{id}/_history/{version} - a version of a PAS answer as it was answered (vread)
export const GET = withWorkspace<{ id: string; version: string }>(
  async ({ params, workspace }) => fhirJson(await getPasClaimResponseOrThrow({ workspaceId: workspace.id, priorAuthId: params.id, version: params.version })),
  { allow: ["api_key", "bearer"], errorBody: "fhir", scope: { resource: "ClaimResponse", permission: "r" } },
);
