import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody, parseWith } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZMemberParams, ZUpdateMemberRequest } from "@/lib/schemas/member";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { removeMember } from "@/lib/members/remove-member";
import { setMemberActive } from "@/lib/members/set-member-active";

export const dynamic = "force-dynamic";

// PATCH /members/{member_id} - change the role and/or deactivate / reactivate (admins, portal; audited)
export const PATCH = withWorkspace<{ member_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const { member_id } = parseWith(ZMemberParams, params);
    const input = await parseJsonBody(req, ZUpdateMemberRequest);
    let member = input.role ? await changeMemberRole({ workspaceId: workspace.id, memberId: member_id, role: input.role, actor }) : undefined;
    if (input.active !== undefined) member = await setMemberActive({ workspaceId: workspace.id, memberId: member_id, active: input.active, actor });
    return json(member);
  },
  { allow: ["session"], role: "admin" },
);

// DELETE /members/{member_id} - take the person out of the workspace (admins, portal; audited)
export const DELETE = withWorkspace<{ member_id: string }>(
  async ({ params, workspace, actor }) => {
    const { member_id } = parseWith(ZMemberParams, params);
    return json(await removeMember({ workspaceId: workspace.id, memberId: member_id, actor }));
  },
  { allow: ["session"], role: "admin" },
);
