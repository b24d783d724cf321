import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody, parseWith } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { ZMemberParams, ZResetMemberPasswordRequest } from "@/lib/schemas/member";
import { resetMemberPassword } from "@/lib/members/reset-member-password";

export const dynamic = "force-dynamic";

// POST /members/{member_id}/password - set a new password for the member (admins, portal; audited)
export const POST = withWorkspace<{ member_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const { member_id } = parseWith(ZMemberParams, params);
    const { password } = await parseJsonBody(req, ZResetMemberPasswordRequest);
    return json(await resetMemberPassword({ workspaceId: workspace.id, memberId: member_id, password, actor }));
  },
  { allow: ["session"], role: "admin" },
);
