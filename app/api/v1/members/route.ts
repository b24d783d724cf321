import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { addMember, listMembers } from "@/lib/members/members";

export const dynamic = "force-dynamic";

const ZAddMember = z.strictObject({
  email: z.email(),
  name: z.string().trim().max(200).optional(),
  role: z.enum(["admin", "reviewer"]),
  password: z.string().min(8, "must have at least 8 characters").max(200),
});

// GET /members - people of the workspace (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listMembers({ workspaceId: workspace.id }) }), { allow: ["session"], role: "admin" });

// POST /members - add a person with a role and an initial password (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZAddMember);
    return json(await addMember({ workspaceId: workspace.id, ...input, actor }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
