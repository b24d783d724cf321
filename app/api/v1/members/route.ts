import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { addMember, listMembers } from "@/lib/members/members";
import { ZAddMemberRequest } from "@/lib/schemas/member";

export const dynamic = "force-dynamic";

// GET /members - people of the workspace (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listMembers({ workspaceId: workspace.id }) }), { allow: ["session"], role: "admin" });

// POST /members - add a person with a role and an initial password (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZAddMemberRequest);
    return json(await addMember({ workspaceId: workspace.id, ...input, actor }), { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
