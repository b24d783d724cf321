import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { fhirJson, operationOutcomeResponse } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { submitPasClaim } from "@/lib/pas/submit-pas-claim";
import { inquirePasClaims } from "@/lib/pas/inquire-pas-claims";
import { pasRefusalResponse } from "@/lib/api/pas-refusals";

export const dynamic = "force-dynamic";

// POST /fhir/Claim/$submit - a Da Vinci PAS request; answered with a PAS Response Bundle (or an OperationOutcome).
// POST /fhir/Claim/$inquire - a PAS inquiry; answered with a Parameters of the matching requests' inquiry responses.
export const POST = withWorkspace<{ operation: string }>(
  async ({ req, params, workspace, actor }) => {
    if (params.operation === "$inquire") {
      const result = await inquirePasClaims({ workspaceId: workspace.id, body: await parseJsonBody(req, z.record(z.string(), z.unknown())), serverBase: publicOrigin(req)! });
      return result.ok ? fhirJson(result.answers) : pasRefusalResponse(result);
    }
    if (params.operation !== "$submit") return operationOutcomeResponse(404, `No operation Claim/${params.operation} on this server (see /fhir/metadata).`);
    const body = await parseJsonBody(req, z.record(z.string(), z.unknown()));
    const result = await submitPasClaim({ workspace, actor, body, serverBase: publicOrigin(req)! });
    if (!result.ok) return pasRefusalResponse(result);
    return fhirJson(result.answer, { headers: result.replayed ? { "Idempotent-Replayed": "true" } : {} });
  },
  // $submit creates a Claim, $inquire reads the workspace's; any other operation is 404 whatever the token's scope.
  { allow: ["api_key", "bearer"], errorBody: "fhir", scope: ({ operation }) => (operation === "$submit" ? { resource: "Claim", permission: "c" } : operation === "$inquire" ? { resource: "Claim", permission: "r" } : null) },
);
