import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZCreatePriorAuthRequest, ZListPriorAuthsQuery } from "@/lib/schemas/prior-auth";
import { createPriorAuth } from "@/lib/prior-auths/create-prior-auth";
import { listPriorAuths } from "@/lib/prior-auths/list-prior-auths";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";

export const dynamic = "force-dynamic";

// POST /prior_auths - create a prior authorization
export const POST = withWorkspace(async ({ req, workspace, actor }) => {
  const input = await parseJsonBody(req, ZCreatePriorAuthRequest);
  const result = await withIdempotency({ workspaceId: workspace.id, key: req.headers.get("idempotency-key"), body: input }, async () => ({
    status: 201,
    body: await createPriorAuth({ workspaceId: workspace.id, sla: workspace, actor, input }),
  }));
  const body = result.body as { id: string };
  return json(body, {
    status: result.status,
    headers: { Location: `/api/v1/prior_auths/${body.id}`, ...(result.replayed ? { "Idempotent-Replayed": "true" } : {}) },
  });
});

// GET /prior_auths - list, newest first, with cursor pagination
export const GET = withWorkspace(async ({ req, workspace, actor }) => {
  const query = ZListPriorAuthsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const assigneeId = query.assignee === "me" ? (actor.type === "user" ? actor.id : "none") : query.assignee;
  return json(
    await listPriorAuths({
      workspaceId: workspace.id, view: query.view, userId: actor.type === "user" ? actor.id : null, status: query.status, caseId: query.case_id, q: query.q, assigneeId,
      overdue: query.overdue === undefined ? undefined : query.overdue === "true", sort: query.sort, limit: query.limit, cursor: query.cursor,
    }),
  );
});
