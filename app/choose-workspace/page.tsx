import { AccountCard } from "@/components/account/account-card";
import { WorkspaceChooser } from "@/components/account/workspace-chooser";
import { listAccountWorkspaces } from "@/lib/accounts/list-account-workspaces";
import { requireAccount } from "@/lib/portal/current-member";

export const dynamic = "force-dynamic";

// After sign-in with several workspaces (or invitations waiting), and whenever the person switches: the session is
// bound to the workspace chosen here, never to one picked silently.
export default async function ChooseWorkspacePage({ searchParams }: { searchParams: Promise<{ ended?: string }> }) {
  const account = await requireAccount();
  const { ended } = await searchParams;
  const workspaces = await listAccountWorkspaces({ userId: account.userId });
  return (
    <AccountCard title="Choose a workspace" intro={<>Signed in as <span className="font-medium text-slate-800">{account.email}</span>.</>}>
      {ended && !account.currentWorkspaceId && (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          Your session in that workspace has ended: you were removed or deactivated there. Choose another workspace.
        </p>
      )}
      <WorkspaceChooser workspaces={workspaces} currentWorkspaceId={account.currentWorkspaceId} />
    </AccountCard>
  );
}
