"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ErrorState, Loading } from "@/components/ui/states";
import { MemberRow, type Member } from "./member-row";
import { OneTimeLinkNotice, type OneTimeLink } from "./one-time-link-notice";

export function MembersPanel() {
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ["members"], queryFn: () => apiFetch<{ data: Member[] }>("/members") });
  const add = useMutation({
    mutationFn: (input: { email: string; name: string; role: string }) => apiFetch<Member & { invitation: OneTimeLink }>("/members", { method: "POST", json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["members"] }),
  });
  const [status, setStatus] = useState<{ message: string; error: boolean } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  function done(message: string, opts: { rowRemoved?: boolean; error?: boolean } = {}) {
    setStatus({ message, error: Boolean(opts.error) });
    // Once the list no longer has the row that held focus, the announcement takes focus (keyboard users stay here).
    void queryClient.invalidateQueries({ queryKey: ["members"] }).then(() => {
      if (opts.rowRemoved) statusRef.current?.focus();
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    add.mutate(
      { email: String(data.get("email")), name: String(data.get("name") ?? ""), role: String(data.get("role")) },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section aria-labelledby="members-title" className="space-y-6">
      <h2 id="members-title" className="text-lg font-semibold">Members</h2>
      <form onSubmit={submit} aria-label="Add member" className="grid max-w-3xl grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <Field label="Email" name="email" type="email" required />
        <Field label="Name" name="name" />
        <div>
          <label htmlFor="member-role" className="block text-sm font-medium text-slate-800">Role</label>
          <select id="member-role" name="role" defaultValue="reviewer" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
            <option value="reviewer">Reviewer</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <p className="self-end text-xs text-slate-600">No password here: the person sets their own through a one-time link, or, if they already have an account, accepts the invitation signed in.</p>
        <div className="col-span-2 flex items-center gap-3">
          <Button type="submit" disabled={add.isPending}>{add.isPending ? "Inviting…" : "Invite member"}</Button>
        </div>
        {add.isSuccess && (
          <div className="col-span-2">
            <OneTimeLinkNotice title={`${add.data.email} is invited.`} link={add.data.invitation}>
              Give them this link privately. With a new account they choose their password there; with an existing account they sign in and accept.
            </OneTimeLinkNotice>
          </div>
        )}
        {add.error && <div className="col-span-2"><ErrorState message={add.error.message} /></div>}
      </form>
      {members.isPending ? <Loading /> : members.error ? <ErrorState message={members.error.message} /> : (
        <div className="space-y-2">
          <p ref={statusRef} data-testid="members-status" tabIndex={-1} role={status?.error ? "alert" : "status"} className={`min-h-5 text-sm ${status?.error ? "text-red-800" : "text-emerald-800"}`}>{status?.message}</p>
          <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
            <caption className="sr-only">Members of the workspace</caption>
            <thead className="bg-slate-50 text-slate-700"><tr><th scope="col" className="px-3 py-2">Email</th><th scope="col" className="px-3 py-2">Name</th><th scope="col" className="px-3 py-2">Role</th><th scope="col" className="px-3 py-2">Status</th><th scope="col" className="px-3 py-2">Added</th><th scope="col" className="px-3 py-2">Actions</th></tr></thead>
            <tbody>
              {members.data.data.map((m) => <MemberRow key={m.id} member={m} onDone={done} />)}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
