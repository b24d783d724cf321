import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZPriorAuthId } from "@/lib/schemas/prior-auth";
import { ZIntakeQuery } from "@/lib/schemas/intake";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { getIntakeFactsOrThrow } from "@/lib/case-pipeline/get-intake-facts";
import { extensionBaseFor, presentIntake } from "@/lib/intake/present-intake";

export const dynamic = "force-dynamic";

// GET /prior_auths/{prior_auth_id}/intake - the intake as FHIR (spec 2.3), or ?format=bundle as a standard R4 Bundle
export const GET = withWorkspace<{ prior_auth_id: string }>(async ({ req, params, workspace }) => {
  const priorAuthId = ZPriorAuthId.parse(params.prior_auth_id);
  const query = ZIntakeQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const priorAuth = await getPriorAuthOrThrow({ workspaceId: workspace.id, priorAuthId });
  const facts = await getIntakeFactsOrThrow(priorAuth);
  const body = presentIntake(facts, { priorAuthId, extensionBase: extensionBaseFor(req), format: query.format, provenance: query.include === "provenance" });
  return json(body, query.format === "bundle" ? { headers: { "Content-Type": "application/fhir+json; charset=utf-8" } } : {});
});
