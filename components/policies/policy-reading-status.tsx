"use client";

import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/api-client";
import { ErrorState } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import type { PolicyDocumentView } from "./types";

type Reading = NonNullable<PolicyDocumentView["reading"]>;

export const isReadingActive = (reading: Reading | null | undefined) => reading?.status === "queued" || reading?.status === "reading";

const STATUS_TEXT: Record<Reading["status"], string> = {
  queued: "Re-read queued: the workers will read this document again with the current reader.",
  reading: "Re-reading this document with the current reader…",
  done: "Re-read finished.",
  failed: "The re-read failed.",
};
const REASON_TEXT: Record<Reading["reason"], string> = {
  cells: "requirement cells past the upload's recognition limit",
  reader: "a newer reader",
  request: "an admin's request",
};

/** The document's background re-read: its status, a progress bar while queued or reading, and what it changed. */
export function PolicyReadingStatus({ reading }: { reading: Reading }) {
  const active = isReadingActive(reading);
  const percent = reading.total ? Math.min(100, Math.round(((reading.done ?? 0) / reading.total) * 100)) : 0;
  return (
    <section aria-labelledby="reading-heading" className={`rounded-md border p-3 text-sm ${reading.status === "failed" ? "border-red-200 bg-red-50 text-red-900" : "border-slate-200 bg-slate-50 text-slate-800"}`}>
      <h2 id="reading-heading" className="font-semibold">Reading</h2>
      <p role="status">{STATUS_TEXT[reading.status]} <span className="text-slate-700">(for {REASON_TEXT[reading.reason]})</span></p>
      {active && (
        <div className="mt-2">
          <div role="progressbar" aria-label="Requirement cells recognised" aria-valuemin={0} aria-valuemax={reading.total ?? 100} aria-valuenow={reading.total ? (reading.done ?? 0) : 0}
            aria-valuetext={reading.total ? `${reading.done ?? 0} of ${reading.total} cells` : "waiting to start"} className="h-2 w-full max-w-md overflow-hidden rounded bg-slate-200">
            <div className="h-2 bg-blue-700" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-slate-700">{reading.total ? `${reading.done ?? 0} of ${reading.total} cells recognised` : "Waiting to start"}{reading.status === "queued" ? "" : ". Until it finishes, the sections it reads stay manual steps."}</p>
        </div>
      )}
      {reading.message && <p className="mt-1">{reading.message}</p>}
      {reading.finished_at && <p className="mt-1 text-slate-700">Finished {formatDateTime(reading.finished_at)}.</p>}
    </section>
  );
}

/** The admin's button: POST /policies/documents/{id}/reread (202), then the document view follows the reading. */
export function RereadDocumentButton({ documentId, disabled }: { documentId: string; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const reread = useMutation({
    mutationFn: () => apiFetch<PolicyDocumentView>(`/policies/documents/${documentId}/reread`, { method: "POST", json: {} }),
    onSuccess: (document) => queryClient.setQueryData(["policies", "documents", documentId], document),
  });
  return (
    <div>
      <button type="button" className="rounded-md bg-blue-800 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60" disabled={disabled || reread.isPending} onClick={() => reread.mutate()}>
        Re-read with the current reader
      </button>
      {reread.error && <ErrorState message={reread.error.message} />}
    </div>
  );
}

type PolicyRereadAnswer = { reading?: Reading | null; id: string; reread?: { action: string; version: number | null; change_note: string | null } };
const ACTION_TEXT: Record<string, string> = {
  version: "Re-read: a new version was stored.",
  draft: "Re-read: the new reading was stored as a draft, since the active criteria were edited by a person. Review it above.",
  draft_exists: "Re-read: a draft is already pending, so the new reading was not stored. Publish or discard the draft, then re-read.",
  none: "Re-read: nothing changed.",
};

/** The admin's button on a policy: a document's section queues the document's re-read; a text upload is re-read now. */
export function RereadPolicyButton({ policyId, onDone }: { policyId: string; onDone: () => void }) {
  const reread = useMutation({
    mutationFn: () => apiFetch<PolicyRereadAnswer>(`/policies/${policyId}/reread`, { method: "POST", json: {} }),
    onSuccess: onDone,
  });
  const answer = reread.data;
  return (
    <span>
      <button type="button" className="ml-1 rounded-md bg-blue-800 px-2 py-1 text-sm font-medium text-white disabled:opacity-60" disabled={reread.isPending} onClick={() => reread.mutate()}>
        Re-read with the current reader
      </button>
      {answer && (
        <span role="status" className="ml-2">
          {answer.reading ? <>Re-read queued for its document: <Link href={`/policies/documents/${answer.id}`} className="underline">follow it on the document page</Link>.</> : (ACTION_TEXT[answer.reread?.action ?? "none"] ?? "")}
        </span>
      )}
      {reread.error && <ErrorState message={reread.error.message} />}
    </span>
  );
}
