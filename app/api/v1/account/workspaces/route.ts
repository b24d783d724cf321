import { withAccount } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { listAccountWorkspaces } from "@/lib/accounts/list-account-workspaces";

export const dynamic = "force-dynamic";

// GET /account/workspaces - the signed-in person's workspaces and waiting invitations (portal session)
export const GET = withAccount(
  async ({ account }) => {
    const rows = await listAccountWorkspaces({ userId: account!.userId });
    return json({ data: rows.map((r) => ({ membership_id: r.membershipId, workspace_id: r.workspaceId, workspace_name: r.workspaceName, role: r.role, status: r.status, since: r.since })) });
  },
  { access: "session" },
);
