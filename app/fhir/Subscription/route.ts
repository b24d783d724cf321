import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { fhirJson } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { problemsOutcome } from "@/lib/fhir/pas/problems-outcome";
import { createPasSubscription } from "@/lib/pas/create-pas-subscription";

export const dynamic = "force-dynamic";

/** Where the signing secret of a new subscription's notifications is returned (once, in the 201 answer). */
const SECRET_EXTENSION = "webhook-signing-secret";

// POST /fhir/Subscription - a PAS Subscription (R5 backport); its handshake follows, then its event notifications.
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const body = await parseJsonBody(req, z.record(z.string(), z.unknown()));
    const serverBase = publicOrigin(req)!;
    const result = await createPasSubscription({ workspaceId: workspace.id, actor, body, serverBase });
    if (!result.ok) return fhirJson(problemsOutcome(result.problems), { status: 400 });
    const location = `${serverBase}/fhir/Subscription/${result.subscription.id}`;
    const secret = { url: `${serverBase}/fhir/StructureDefinition/${SECRET_EXTENSION}`, valueString: result.secret };
    return fhirJson({ ...result.subscription, extension: [secret] }, { status: 201, headers: { Location: location } });
  },
  { allow: ["api_key", "bearer"], errorBody: "fhir", scope: { resource: "Subscription", permission: "c" } },
);
