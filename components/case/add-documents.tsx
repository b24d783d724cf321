"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { invalidateCase } from "@/lib/portal/case-queries";
import type { PriorAuth, UploadedDocument } from "@/lib/portal/types";
import { uploadWithProgress } from "@/components/ui/upload";
import { READ_OPEN_STATUSES } from "@/lib/prior-auths/queue-views";
import { ErrorState } from "@/components/ui/states";

/** Open cases that take more material: the API's own rule. */
export const TAKES_DOCUMENTS = READ_OPEN_STATUSES;

const ACCEPTED = "application/pdf,.pdf,image/png,image/jpeg,image/tiff,.tif,.tiff";

/**
 * The answer to a request for information: documents dropped here are uploaded, added to the case, read again with
 * the rest, and the case returns to review (re-evaluated when the workspace prepares cases).
 */
export function AddDocuments({ priorAuth, onAdded }: { priorAuth: PriorAuth; onAdded: (message: string) => void }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const ids = { files: useId(), note: useId() };
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = priorAuth.status === "request_for_information";

  async function add(list: FileList | null) {
    const files = [...(list ?? [])];
    if (!files.length || progress !== null) return;
    setError(null);
    setProgress(0);
    try {
      const references: string[] = [];
      for (const [i, file] of files.entries()) {
        const uploaded = await uploadWithProgress<UploadedDocument>("/api/v1/documents", file, {
          headers: { "Content-Type": file.type || "application/pdf", "X-File-Name": encodeURIComponent(file.name) },
          onProgress: (fraction) => setProgress((i + fraction) / files.length),
        });
        references.push(uploaded.document_url);
      }
      await apiFetch<PriorAuth>(`/prior_auths/${encodeURIComponent(priorAuth.id)}/documents`, { method: "POST", json: { document_urls: references } });
      await invalidateCase(queryClient, priorAuth.id);
      onAdded(`${files.length} document${files.length === 1 ? "" : "s"} added: the case is read again.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The documents could not be added.");
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <section aria-labelledby={`${ids.files}-title`} className={`rounded-lg border p-4 ${waiting ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}>
      <h2 id={`${ids.files}-title`} className="text-base font-semibold text-slate-900">{waiting ? "Answer the request for information" : "Add documents"}</h2>
      <p className="mt-1 text-sm text-slate-700">{waiting ? "Add what the prescriber sent: the case is read and evaluated again, and the request above shows what each document answers." : "New material for this case (PDF, PNG, JPEG or TIFF): it is read with the rest."}</p>
      <div onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)}
        onDrop={(e) => { e.preventDefault(); setDragging(false); void add(e.dataTransfer.files); }}
        className={`mt-3 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-md border-2 border-dashed px-4 py-4 text-sm ${dragging ? "border-blue-600 bg-blue-50" : "border-slate-300 bg-white"}`}>
        <input id={ids.files} ref={input} type="file" accept={ACCEPTED} multiple onChange={(e) => void add(e.target.files)} className="peer sr-only" disabled={progress !== null} />
        <label htmlFor={ids.files} className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 shadow-sm hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
          Choose files
        </label>
        <span className="text-slate-600">or drop them here</span>
      </div>
      {progress !== null && <progress max={1} value={progress} aria-label="Upload of the new documents" className="mt-2 h-2 w-full" />}
      {error && <div className="mt-2"><ErrorState message={error} /></div>}
    </section>
  );
}
