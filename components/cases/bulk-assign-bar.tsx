"use client";

import { useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys } from "@/lib/portal/case-queries";
import type { ZMemberList } from "@/lib/schemas/member";
import type { ZBulkAssignResponse } from "@/lib/prior-auths/bulk-assign-schema";
import { Button } from "@/components/ui/button";

/**
 * The queue's bulk actions over the selected rows: assign to me, to a member (admins, who can list members), or
 * unassign. One request for all of them (all or none). The outcome is announced and takes focus, so a keyboard user
 * hears it and continues from there.
 */
export function BulkAssignBar({ selected, me, onDone }: { selected: string[]; me: { id: string; role?: string }; onDone: () => void }) {
  const queryClient = useQueryClient();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [memberId, setMemberId] = useState("");
  const members = useQuery({
    queryKey: ["members"],
    queryFn: () => apiFetch<z.infer<typeof ZMemberList>>("/members"),
    enabled: me.role === "admin",
  });
  const assign = useMutation({
    mutationFn: (assignee: string | null) => apiFetch<z.infer<typeof ZBulkAssignResponse>>("/prior_auths/bulk_assign", { method: "POST", json: { prior_auth_ids: selected, assignee_id: assignee } }),
    onSuccess: (answer, assignee) => {
      const n = answer.data.length;
      const who = assignee === null ? "nobody (unassigned)" : assignee === "me" ? "you" : (answer.data[0]?.assignee?.email ?? "the member");
      setMessage({ text: `${n} case${n === 1 ? "" : "s"} assigned to ${who}.`, error: false });
      onDone();
      void queryClient.invalidateQueries({ queryKey: caseKeys.all });
    },
    onError: (error: Error) => setMessage({ text: error.message, error: true }),
    onSettled: () => requestAnimationFrame(() => statusRef.current?.focus()),
  });
  const none = selected.length === 0;
  const active = (members.data?.data ?? []).filter((m) => !m.deactivated_at);

  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
      <span className="font-medium text-slate-800" aria-live="polite">{selected.length} selected</span>
      <Button type="button" variant="secondary" className="px-2 py-1" disabled={none || assign.isPending} onClick={() => assign.mutate("me")}>Assign to me</Button>
      {me.role === "admin" && (
        <>
          <label htmlFor="bulk-assignee" className="sr-only">Member to assign</label>
          <select id="bulk-assignee" value={memberId} onChange={(e) => setMemberId(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
            <option value="">Choose a member…</option>
            {active.map((m) => <option key={m.user_id} value={m.user_id}>{m.name ? `${m.name} (${m.email})` : m.email}</option>)}
          </select>
          <Button type="button" variant="secondary" className="px-2 py-1" disabled={none || !memberId || assign.isPending} onClick={() => assign.mutate(memberId)}>Assign to member</Button>
        </>
      )}
      <Button type="button" variant="ghost" className="px-2 py-1" disabled={none || assign.isPending} onClick={() => assign.mutate(null)}>Unassign</Button>
      <p ref={statusRef} tabIndex={-1} role={message?.error ? "alert" : "status"} className={`ml-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${message?.error ? "text-red-800" : "text-emerald-800"}`}>
        {assign.isPending ? "Assigning…" : message?.text}
      </p>
    </div>
  );
}
