"use client";

import { signOut, useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/portal/api-client";
import type { AccountWorkspace } from "@/lib/accounts/list-account-workspaces";

/** The person's workspaces (Open) and waiting invitations (Accept / Decline); opening one binds the session to it. */
export function WorkspaceChooser({ workspaces, currentWorkspaceId }: { workspaces: AccountWorkspace[]; currentWorkspaceId: string | null }) {
  const router = useRouter();
  const { update } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const active = workspaces.filter((w) => w.status === "active");
  const invited = workspaces.filter((w) => w.status === "invited");

  async function open(w: AccountWorkspace) {
    setBusy(w.membershipId);
    setError(null);
    const session = (await update({ workspaceId: w.workspaceId })) as { workspaceId?: string } | null;
    setBusy(null);
    if (session?.workspaceId !== w.workspaceId) return setError(`You cannot open ${w.workspaceName} now; reload the page and try again.`);
    router.push("/cases");
    router.refresh();
  }

  async function respond(w: AccountWorkspace, accept: boolean) {
    setBusy(w.membershipId);
    setError(null);
    try {
      await apiFetch(`/account/invitations/${w.membershipId}${accept ? "/accept" : ""}`, { method: accept ? "POST" : "DELETE" });
      router.refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-6">
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <section aria-labelledby="workspaces-title">
        <h2 id="workspaces-title" className="text-sm font-semibold text-slate-800">Your workspaces</h2>
        {active.length === 0 ? <p className="mt-2 text-sm text-slate-600">You are not a member of any workspace yet.</p> : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            {active.map((w) => (
              <li key={w.membershipId} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="text-sm"><span className="font-medium">{w.workspaceName}</span> <span className="text-slate-600">· {w.role}{w.workspaceId === currentWorkspaceId ? " · current" : ""}</span></span>
                <Button type="button" aria-label={`Open ${w.workspaceName}`} disabled={busy !== null} onClick={() => void open(w)}>Open</Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {invited.length > 0 && (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title" className="text-sm font-semibold text-slate-800">Invitations</h2>
          <p className="mt-1 text-xs text-slate-600">Accepting joins the workspace with your own account and password; nobody there learns your password.</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            {invited.map((w) => (
              <li key={w.membershipId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <span className="text-sm"><span className="font-medium">{w.workspaceName}</span> <span className="text-slate-600">invites you as {w.role}</span></span>
                <span className="flex gap-2">
                  <Button type="button" aria-label={`Accept the invitation to ${w.workspaceName}`} disabled={busy !== null} onClick={() => void respond(w, true)}>Accept</Button>
                  <Button type="button" variant="secondary" aria-label={`Decline the invitation to ${w.workspaceName}`} disabled={busy !== null} onClick={() => void respond(w, false)}>Decline</Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Button type="button" variant="ghost" onClick={() => void signOut({ callbackUrl: "/login" })}>Log out</Button>
    </div>
  );
}
