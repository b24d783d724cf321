import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { createApiKey, listApiKeys } from "@/lib/api-keys/api-keys";

export const dynamic = "force-dynamic";

const ZCreateApiKey = z.strictObject({ name: z.string().trim().min(1, "is required").max(100) });

// GET /api_keys - the workspace's keys (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listApiKeys({ workspaceId: workspace.id }) }), { allow: ["session"], role: "admin" });

// POST /api_keys - a new key, shown once (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const { name } = await parseJsonBody(req, ZCreateApiKey);
    return json(await createApiKey({ workspaceId: workspace.id, name, createdBy: actor.label, actor }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
