"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZMember } from "@/lib/schemas/member";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "@/components/ui/format";
import { OneTimeLinkNotice, type OneTimeLink } from "./one-time-link-notice";

/** The API's member (lib/schemas/member.ts), not a hand-written copy. */
export type Member = z.infer<typeof ZMember>;

/**
 * One member with the admin's actions: role, deactivate / reactivate, a one-time password link, remove. Each outcome is told
 * through `onDone` (the panel's status line); focus stays on the control that acted, or moves to the status line when
 * the row goes away.
 */
export function MemberRow({ member, onDone }: { member: Member; onDone: (message: string, opts?: { rowRemoved?: boolean; error?: boolean }) => void }) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [link, setLink] = useState<(OneTimeLink & { purpose: string }) | null>(null);
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  const fail = (error: Error) => onDone(error.message, { error: true });
  const update = useMutation({
    mutationFn: (input: { role?: string; active?: boolean }) => apiFetch<Member>(`/members/${member.id}`, { method: "PATCH", json: input }),
    onSuccess: (m, input) => onDone(input.role ? `${member.email} is now ${m.role === "admin" ? "an admin" : "a reviewer"}.` : `${member.email} is ${m.deactivated_at ? "deactivated" : "active again"}.`),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => apiFetch<Member>(`/members/${member.id}`, { method: "DELETE" }),
    onSuccess: () => { setConfirmRemove(false); onDone(`${member.email} was removed from the workspace.`, { rowRemoved: true }); },
    onError: (error: Error) => { setConfirmRemove(false); fail(error); },
  });
  const reset = useMutation({
    mutationFn: () => apiFetch<Member & { password_link: OneTimeLink & { purpose: string } }>(`/members/${member.id}/password`, { method: "POST" }),
    onSuccess: (m) => { setResetOpen(false); setLink(m.password_link); onDone(`A one-time password link was issued for ${member.email}.`); },
    onError: (error: Error) => { setResetOpen(false); fail(error); },
  });
  const deactivated = member.deactivated_at !== null;
  // Controls stay enabled while a change is sent (a disabled control drops the keyboard focus); repeats are harmless.

  return (
    <tr className={`border-t border-slate-100 ${deactivated ? "bg-slate-50 text-slate-600" : ""}`}>
      <td className="px-3 py-2">{member.email}</td>
      <td className="px-3 py-2">{member.name ?? "—"}</td>
      <td className="px-3 py-2">
        <select aria-label={`Role of ${member.email}`} value={member.role}
          onChange={(e) => update.mutate({ role: e.target.value })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          <option value="reviewer">Reviewer</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td className="px-3 py-2">{deactivated ? <span className="font-medium text-amber-800">Deactivated {formatDateTime(member.deactivated_at!)}</span> : member.status === "invited" ? <span className="font-medium text-sky-800">Invited</span> : "Active"}</td>
      <td className="px-3 py-2">{formatDateTime(member.created_at)}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" aria-label={`${deactivated ? "Reactivate" : "Deactivate"} ${member.email}`}
            onClick={() => update.mutate({ active: deactivated })}>{deactivated ? "Reactivate" : "Deactivate"}</Button>
          <Button type="button" variant="secondary" aria-label={`Password link for ${member.email}`} onClick={() => setResetOpen(true)}>Password link</Button>
          <Button type="button" variant="danger" aria-label={`Remove ${member.email}`} onClick={() => setConfirmRemove(true)}>Remove</Button>
        </div>
        <ConfirmDialog open={confirmRemove} title={`Remove ${who}?`} confirmLabel="Remove member" cancelLabel="Keep member" danger pending={remove.isPending}
          onConfirm={() => remove.mutate()} onClose={() => setConfirmRemove(false)}>
          They will no longer sign in to this workspace; their open cases return to the shared queue. The audit trail keeps their actions.
        </ConfirmDialog>
        <ConfirmDialog open={resetOpen} title={`Password link for ${who}?`} confirmLabel="Issue link" cancelLabel="Cancel" pending={reset.isPending}
          onConfirm={() => reset.mutate()} onClose={() => setResetOpen(false)}>
          A one-time link with which they choose a new password themselves; any earlier link stops working. Not possible for an account that also belongs to another workspace: its owner changes the password on their Account page.
        </ConfirmDialog>
        {link && (
          <div className="mt-2">
            <OneTimeLinkNotice title={`Password link for ${member.email}`} link={link}>Give it to them privately; it works once.</OneTimeLinkNotice>
          </div>
        )}
      </td>
    </tr>
  );
}
