import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { fhirJson } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { problemsOutcome } from "@/lib/fhir/pas/problems-outcome";
import { deletePasSubscription } from "@/lib/pas/delete-pas-subscription";
import { getPasSubscriptionOrThrow } from "@/lib/pas/get-pas-subscription-or-throw";
import { updatePasSubscription } from "@/lib/pas/update-pas-subscription";

export const dynamic = "force-dynamic";

/** Keys and SMART tokens; a token needs the Subscription scope of the interaction (read, update, delete). */
const options = (permission: "r" | "u" | "d") => ({ allow: ["api_key" as const, "bearer" as const], errorBody: "fhir" as const, scope: { resource: "Subscription" as const, permission } });

// GET /fhir/Subscription/{id} - the subscription, its status from its handshake
export const GET = withWorkspace<{ id: string }>(
  async ({ params, workspace }) => fhirJson(await getPasSubscriptionOrThrow({ workspaceId: workspace.id, subscriptionId: params.id })),
  options("r"),
);

// PUT /fhir/Subscription/{id} - update it (filter, endpoint, reason, end; status off pauses it)
export const PUT = withWorkspace<{ id: string }>(
  async ({ req, params, workspace, actor }) => {
    const body = await parseJsonBody(req, z.record(z.string(), z.unknown()));
    const result = await updatePasSubscription({ workspaceId: workspace.id, subscriptionId: params.id, actor, body, serverBase: publicOrigin(req)! });
    return result.ok ? fhirJson(result.subscription) : fhirJson(problemsOutcome(result.problems), { status: 400 });
  },
  options("u"),
);

// DELETE /fhir/Subscription/{id} - no more notifications
export const DELETE = withWorkspace<{ id: string }>(
  async ({ params, workspace, actor }) => {
    await deletePasSubscription({ workspaceId: workspace.id, subscriptionId: params.id, actor });
    return new Response(null, { status: 204 });
  },
  options("d"),
);
