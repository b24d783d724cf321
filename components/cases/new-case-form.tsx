"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys } from "@/lib/portal/case-queries";
import type { PriorAuth, UploadedDocument } from "@/lib/portal/types";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { uploadWithProgress } from "@/components/ui/upload";
import { CheckIcon, DocumentIcon, SpinnerIcon } from "@/components/ui/icons";

type Phase = "editing" | "uploading" | "creating" | "processing" | "failed";
interface Chosen { key: string; file: File; progress: number; uploaded: UploadedDocument | null }

const isPdf = (f: File) => f.type === "application/pdf" || f.name.toLowerCase().endsWith(".pdf");
const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Case id, expedited, PDFs (uploaded with progress) or a URL; then the case is created and watched until it is read. */
export function NewCaseForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const ids = { caseId: useId(), files: useId(), url: useId(), expedited: useId(), caseIdError: useId(), sourceError: useId() };
  const [source, setSource] = useState<"upload" | "url">("upload");
  const [files, setFiles] = useState<Chosen[]>([]);
  const [phase, setPhase] = useState<Phase>("editing");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ caseId?: string; source?: string }>({});
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const created = useQuery({
    queryKey: caseKeys.detail(createdId ?? "none"),
    queryFn: () => apiFetch<PriorAuth>(`/prior_auths/${createdId}`),
    enabled: createdId !== null,
    refetchInterval: (query) => (query.state.data?.status === "Processing" || !query.state.data ? 1_000 : false),
  });
  const finalStatus = created.data && created.data.status !== "Processing" ? created.data.status : null;
  useEffect(() => {
    if (!createdId || !finalStatus || finalStatus === "Failed") return;
    void queryClient.invalidateQueries({ queryKey: caseKeys.all });
    router.push(`/cases/${createdId}`);
  }, [createdId, finalStatus, router, queryClient]);
  const shownPhase: Phase = finalStatus === "Failed" ? "failed" : phase;
  const busy = shownPhase === "uploading" || shownPhase === "creating" || shownPhase === "processing";

  function addFiles(list: FileList | null) {
    if (!list) return;
    const next = [...list].map((file) => ({ key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, progress: 0, uploaded: null }));
    setFiles((current) => [...current, ...next]);
    setFieldErrors((e) => ({ ...e, source: undefined }));
    if (fileInput.current) fileInput.current.value = "";
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const caseId = String(data.get("case_id") ?? "").trim();
    const url = String(data.get("document_url") ?? "").trim();
    const expedited = data.get("expedited") === "on";
    const errors: typeof fieldErrors = {};
    if (!caseId) errors.caseId = "Enter the case id.";
    if (source === "upload" && files.length === 0) errors.source = "Choose at least one PDF.";
    if (source === "upload" && files.some((f) => !isPdf(f.file))) errors.source = "Only PDF files can be uploaded here.";
    if (source === "url" && !/^https?:\/\/\S+$/i.test(url)) errors.source = "Enter a web address that starts with http:// or https://.";
    setFieldErrors(errors);
    setError(null);
    setCreatedId(null);
    if (errors.caseId || errors.source) {
      document.getElementById(errors.caseId ? ids.caseId : source === "upload" ? ids.files : ids.url)?.focus();
      return;
    }
    try {
      let references: string[] = [url];
      if (source === "upload") {
        setPhase("uploading");
        references = [];
        for (const chosen of files) {
          // A retry after a failed upload does not send the files that already arrived.
          const uploaded = chosen.uploaded ?? (await uploadWithProgress<UploadedDocument>("/api/v1/documents", chosen.file, {
            headers: { "Content-Type": "application/pdf", "X-File-Name": encodeURIComponent(chosen.file.name) },
            onProgress: (fraction) => setFiles((all) => all.map((f) => (f.key === chosen.key ? { ...f, progress: fraction } : f))),
          }));
          setFiles((all) => all.map((f) => (f.key === chosen.key ? { ...f, progress: 1, uploaded } : f)));
          references.push(uploaded.document_url);
        }
      }
      setPhase("creating");
      const body = references.length === 1 ? { case_id: caseId, document_url: references[0], expedited } : { case_id: caseId, ePA: { document_urls: references }, expedited };
      const pa = await apiFetch<PriorAuth>("/prior_auths", { method: "POST", json: body, headers: { "Idempotency-Key": crypto.randomUUID() } });
      queryClient.setQueryData(caseKeys.detail(pa.id), pa);
      setCreatedId(pa.id);
      setPhase("processing");
    } catch (e) {
      setPhase("editing");
      setError(e instanceof Error ? e.message : "The case could not be created.");
    }
  }

  const control = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600 disabled:bg-slate-50";
  return (
    <form onSubmit={submit} noValidate aria-label="New case" className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-5">
      <div>
        <label htmlFor={ids.caseId} className="block text-sm font-medium text-slate-800">Case id</label>
        <input id={ids.caseId} name="case_id" required disabled={busy} autoComplete="off" onChange={() => fieldErrors.caseId && setFieldErrors((e) => ({ ...e, caseId: undefined }))} aria-invalid={Boolean(fieldErrors.caseId)} aria-describedby={fieldErrors.caseId ? ids.caseIdError : undefined} className={control} placeholder="e.g. PA-2026-0142" />
        {fieldErrors.caseId && <p id={ids.caseIdError} className="mt-1 text-sm text-red-700">{fieldErrors.caseId}</p>}
      </div>

      <div className="flex items-start gap-2">
        <input id={ids.expedited} name="expedited" type="checkbox" disabled={busy} className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-blue-700" />
        <div>
          <label htmlFor={ids.expedited} className="text-sm font-medium text-slate-800">Expedited request</label>
          <p className="text-xs text-slate-600">The shorter decision deadline of your workspace applies.</p>
        </div>
      </div>

      <fieldset className="space-y-3" disabled={busy}>
        <legend className="text-sm font-medium text-slate-800">Documents</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2"><input type="radio" name="source" value="upload" checked={source === "upload"} onChange={() => setSource("upload")} className="accent-blue-700" /> Upload PDFs</label>
          <label className="flex items-center gap-2"><input type="radio" name="source" value="url" checked={source === "url"} onChange={() => setSource("url")} className="accent-blue-700" /> Document URL</label>
        </div>
        {source === "upload" ? (
          <div>
            <p className="text-sm text-slate-800">PDF files <span className="text-slate-600">(one or more: the request form, clinical notes)</span></p>
            <div onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)}
              onDrop={(e) => { e.preventDefault(); setDragging(false); if (!busy) addFiles(e.dataTransfer.files); }}
              className={`mt-1 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-md border-2 border-dashed px-4 py-5 text-sm ${dragging ? "border-blue-600 bg-blue-50" : fieldErrors.source ? "border-red-400" : "border-slate-300"}`}>
              <input id={ids.files} ref={fileInput} type="file" accept="application/pdf,.pdf" multiple onChange={(e) => addFiles(e.target.files)}
                aria-invalid={Boolean(fieldErrors.source)} aria-describedby={fieldErrors.source ? ids.sourceError : undefined} className="peer sr-only" />
              <label htmlFor={ids.files} className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 shadow-sm hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
                Choose PDF files
              </label>
              <span className="text-slate-600">or drop them here</span>
            </div>
            {files.length > 0 && (
              <ul aria-label="Chosen files" className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
                {files.map((f) => (
                  <li key={f.key} className="flex items-center gap-3 px-3 py-2 text-sm">
                    <DocumentIcon className="h-4 w-4 shrink-0 text-slate-500" />
                    <span className="min-w-0 flex-1 truncate">{f.file.name} <span className="text-slate-600">· {kb(f.file.size)}</span></span>
                    {f.uploaded ? (
                      <span className="inline-flex items-center gap-1 text-emerald-800"><CheckIcon className="h-4 w-4" /> Uploaded</span>
                    ) : shownPhase === "uploading" ? (
                      <progress max={1} value={f.progress} aria-label={`Upload of ${f.file.name}`} className="h-2 w-32" />
                    ) : (
                      <button type="button" onClick={() => setFiles((all) => all.filter((x) => x.key !== f.key))} className="rounded px-2 py-0.5 text-slate-700 underline-offset-2 hover:underline">
                        Remove<span className="sr-only"> {f.file.name}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <div>
            <label htmlFor={ids.url} className="block text-sm text-slate-800">Document URL</label>
            <input id={ids.url} name="document_url" type="url" onChange={() => fieldErrors.source && setFieldErrors((e) => ({ ...e, source: undefined }))} inputMode="url" placeholder="https://…/request.pdf" aria-invalid={Boolean(fieldErrors.source)} aria-describedby={fieldErrors.source ? ids.sourceError : undefined} className={control} />
            <p className="mt-1 text-xs text-slate-600">A PDF, plain text or FHIR JSON document the service can fetch.</p>
          </div>
        )}
        {fieldErrors.source && <p id={ids.sourceError} className="text-sm text-red-700">{fieldErrors.source}</p>}
      </fieldset>

      {error && <ErrorState message={error} />}
      <Progress phase={shownPhase} files={files} failure={created.data?.failure_reason ?? null} caseId={createdId} />

      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy}>{busy ? "Working…" : shownPhase === "failed" ? "Create again" : "Create case"}</Button>
        <Link href="/cases" className="text-sm text-slate-700 underline-offset-2 hover:underline">Back to cases</Link>
      </div>
    </form>
  );
}

const STEPS: { phase: Phase; label: string }[] = [
  { phase: "uploading", label: "Uploading documents" },
  { phase: "creating", label: "Creating the case" },
  { phase: "processing", label: "Reading the documents" },
];

function Progress({ phase, files, failure, caseId }: { phase: Phase; files: Chosen[]; failure: string | null; caseId: string | null }) {
  if (phase === "editing") return null;
  if (phase === "failed") {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-medium">The documents could not be read.</p>
        {failure && <p className="mt-1">{failure}</p>}
        {caseId && <p className="mt-1"><Link href={`/cases/${caseId}`} className="underline">Open the case</Link> to see what happened.</p>}
      </div>
    );
  }
  const current = STEPS.findIndex((s) => s.phase === phase);
  const sent = files.reduce((sum, f) => sum + f.file.size * (f.uploaded ? 1 : f.progress), 0);
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  return (
    <div role="status" aria-live="polite" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <ol className="space-y-1">
        {STEPS.filter((s) => s.phase !== "uploading" || files.length > 0).map((s) => {
          const index = STEPS.indexOf(s);
          const done = index < current;
          const active = index === current;
          return (
            <li key={s.phase} className={`flex items-center gap-2 ${active ? "font-medium" : done ? "" : "text-sky-900/70"}`}>
              {done ? <CheckIcon className="h-4 w-4 text-emerald-700" /> : active ? <SpinnerIcon className="h-4 w-4" /> : <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border border-sky-300" />}
              {s.label}
              {active && s.phase === "uploading" && total > 0 && <span className="font-normal">({Math.round((sent / total) * 100)}%)</span>}
              {active && s.phase === "processing" && <span className="font-normal">(Processing; you will be taken to the case when it is ready)</span>}
              <span className="sr-only">{done ? ", done" : active ? ", in progress" : ", waiting"}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
