import { withWorkspace } from "@/lib/api/with-workspace";
import { parseWith } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { accountLinkUrl } from "@/lib/accounts/link-url";
import { ZMemberParams } from "@/lib/schemas/member";
import { issueMemberPasswordLink } from "@/lib/members/reset-member-password";

export const dynamic = "force-dynamic";

// POST /members/{member_id}/password - issue a one-time link with which the member sets their own password; refused
// for an account that belongs to another workspace too (admins, portal; audited)
export const POST = withWorkspace<{ member_id: string }>(
  async ({ req, params, workspace, actor }) => {
    const { member_id } = parseWith(ZMemberParams, params);
    const { member, link, purpose } = await issueMemberPasswordLink({ workspaceId: workspace.id, memberId: member_id, actor });
    return json({ ...member, password_link: { url: accountLinkUrl(link.path, req), expires_at: link.expiresAt.toISOString(), purpose } });
  },
  { allow: ["session"], role: "admin" },
);
