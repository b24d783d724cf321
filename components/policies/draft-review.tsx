"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiFetch, PortalApiError } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import type { z } from "zod";
import type { ZPolicyDraft } from "@/lib/schemas/policy";
import { CriteriaDiff } from "./criteria-diff";
import type { PolicyDetail } from "./types";

type Draft = z.infer<typeof ZPolicyDraft>;

export const draftKey = (policyId: string) => ["policy-draft", policyId];

/** The policy's pending draft (null when there is none): one query for the draft panel and the criteria editor. */
export function useDraft(policyId: string) {
  return useQuery({
    queryKey: draftKey(policyId),
    queryFn: async () => {
      try {
        return await apiFetch<Draft>(`/policies/${policyId}/draft`);
      } catch (e) {
        if (e instanceof PortalApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** The pending draft: "Review draft" shows its changes against the active version; admins publish it with a note or discard it. */
export function DraftReview({ policyId, canEdit }: { policyId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  // What the last publish or discard did: the panel is gone afterwards, so the outcome takes the focus.
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const draft = useDraft(policyId);
  // The outcome is on the page once the refetched draft is gone.
  const showOutcome = !!outcome && draft.data === null;
  useEffect(() => {
    if (showOutcome) outcomeRef.current?.focus();
  }, [showOutcome, outcome]);
  const done = (message: string) => {
    setOpen(false);
    setNote("");
    setOutcome(message);
    void queryClient.invalidateQueries({ queryKey: draftKey(policyId) });
    void queryClient.invalidateQueries({ queryKey: ["policy", policyId] });
    void queryClient.invalidateQueries({ queryKey: ["policies"] });
  };
  const publish = useMutation({
    mutationFn: () => apiFetch<PolicyDetail>(`/policies/${policyId}/publish`, { method: "POST", json: { change_note: note } }),
    onSuccess: (data) => done(`Published as version ${data.version}: the policy check now uses it.`),
  });
  const discard = useMutation({ mutationFn: () => apiFetch(`/policies/${policyId}/draft`, { method: "DELETE" }), onSuccess: () => done("Draft discarded: nothing live changed.") });

  if (!draft.data) {
    return showOutcome ? <p ref={outcomeRef} tabIndex={-1} role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">{outcome}</p> : null;
  }
  const d = draft.data;
  return (
    <section aria-labelledby="draft-title" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="draft-title" className="text-lg font-semibold">Draft: {d.changes.length} criterion change{d.changes.length === 1 ? "" : "s"} not yet live</h2>
        <Button type="button" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? "Hide draft" : "Review draft"}</Button>
      </div>
      <p className="text-sm text-slate-800">Edited by {d.updated_by}, {formatDateTime(d.updated_at)}. The policy check keeps using version {d.active_version} until the draft is published.</p>
      {open && (
        <div className="space-y-3">
          <CriteriaDiff changes={d.changes} beforeLabel={`Active (version ${d.active_version})`} afterLabel="Draft" caption="Changes in the draft against the active version" />
          {canEdit && (
            <form className="space-y-2" onSubmit={(e) => { e.preventDefault(); publish.mutate(); }}>
              <label htmlFor="publish-note" className="block text-sm font-medium text-slate-800">Change note</label>
              <input id="publish-note" required value={note} onChange={(e) => setNote(e.target.value)} className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
              <div className="flex gap-2">
                <Button type="submit" disabled={publish.isPending || !note.trim()}>Publish as version {d.active_version + 1}</Button>
                <Button type="button" variant="secondary" disabled={discard.isPending} onClick={() => discard.mutate()}>Discard draft</Button>
              </div>
            </form>
          )}
          {(publish.error || discard.error) && <ErrorState message={(publish.error ?? discard.error)!.message} />}
        </div>
      )}
    </section>
  );
}
