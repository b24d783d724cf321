import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { accountLinkUrl } from "@/lib/accounts/link-url";
import { addMember, listMembers } from "@/lib/members/members";
import { ZAddMemberRequest } from "@/lib/schemas/member";

export const dynamic = "force-dynamic";

// GET /members - people of the workspace (admins, portal)
export const GET = withWorkspace(async ({ workspace }) => json({ data: await listMembers({ workspaceId: workspace.id }) }), { allow: ["session"], role: "admin" });

// POST /members - invite a person with a role; the answer carries their one-time link, shown this once (admins, portal)
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const input = await parseJsonBody(req, ZAddMemberRequest);
    const { member, link } = await addMember({ workspaceId: workspace.id, ...input, actor });
    if (!link) throw new Error("an invitation without a link"); // only the operators' CLI adds without one
    return json({ ...member, invitation: { url: accountLinkUrl(link.path, req), expires_at: link.expiresAt.toISOString() } }, { status: 201 });
  },
  { allow: ["session"], role: "admin" },
);
