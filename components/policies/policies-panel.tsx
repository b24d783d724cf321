"use client";

import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { uploadWithProgress } from "@/components/ui/upload";
import { PolicyStatusBadge } from "./policy-status-badge";
import { PolicyDocuments } from "./policy-documents";
import { familyName, type PolicySummary, type PolicyUploadResult } from "./types";

export function PoliciesPanel({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const policies = useQuery({ queryKey: ["policies"], queryFn: () => apiFetch<{ data: PolicySummary[] }>("/policies") });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<PolicyUploadResult | null>(null);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || !file.size) return setError("Choose a policy PDF first.");
    setError(null);
    setCreated(null);
    setProgress(0);
    try {
      const policy = await uploadWithProgress<PolicyUploadResult>("/api/v1/policies", data, { onProgress: setProgress });
      setCreated(policy);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ["policies"] });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The upload failed.");
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-6">
      {canEdit && (
        <form onSubmit={upload} aria-label="Upload policy" className="grid max-w-3xl grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <div className="col-span-2">
            <label htmlFor="policy-file" className="block text-sm font-medium text-slate-800">Policy PDF</label>
            <input id="policy-file" name="file" type="file" accept="application/pdf" required className="mt-1 block text-sm" />
          </div>
          <Field label="Title (optional)" name="title" hint="Read from the PDF when empty." />
          <Field label="Payer (optional)" name="payer" />
          <Field label="NDC codes (optional)" name="ndc_codes" hint="Comma-separated; any 10- or 11-digit layout." />
          <Field label="CPT / HCPCS codes (optional)" name="cpt_codes" hint="Comma-separated." />
          <div className="col-span-2 flex items-center gap-3">
            <Button type="submit" disabled={progress !== null}>{progress !== null ? "Uploading…" : "Upload and read policy"}</Button>
            {progress !== null && (
              <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
                <progress max={1} value={progress} aria-label="Upload progress" className="h-2 w-40" />
                {progress < 1 ? `${Math.round(progress * 100)}%` : "Reading the criteria…"}
              </div>
            )}
          </div>
          {error && <div className="col-span-2"><ErrorState message={error} /></div>}
          {created && (created.policies?.length ?? 1) > 1 && created.policy_document ? (
            <p role="status" className="col-span-2 text-sm text-emerald-800">
              Read {familyName(created.policy_document.family).toLowerCase()} “{created.policy_document.file_name ?? created.title}”: {created.policies.length} drug sections, each a policy bound to its drugs.{" "}
              <Link className="underline" href={`/policies/documents/${created.policy_document.id}`}>Review its sections</Link>
            </p>
          ) : created && (
            <p role="status" className="col-span-2 text-sm text-emerald-800">
              Read “{created.title}”: {created.criteria_count} criteria in {created.sections} section{created.sections === 1 ? "" : "s"}.{" "}
              <Link className="underline" href={`/policies/${created.id}`}>Review it</Link>
            </p>
          )}
        </form>
      )}
      <PolicyDocuments />
      {policies.isPending ? <Loading label="Loading policies…" /> : policies.error ? <ErrorState message={policies.error.message} /> : policies.data.data.length === 0 ? (
        <Empty title="No policies yet">{canEdit ? "Upload a payer policy PDF: its criteria become the steps of every policy check." : "An admin uploads payer policies here."}</Empty>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr><th className="px-3 py-2">Policy</th><th className="px-3 py-2">Status</th><th className="px-3 py-2">Selected by</th><th className="px-3 py-2">Criteria</th><th className="px-3 py-2">Version</th><th className="px-3 py-2">Updated</th></tr>
          </thead>
          <tbody>
            {policies.data.data.map((p) => (
              <tr key={p.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">
                  <Link href={`/policies/${p.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">{p.title}</Link>
                  {p.payer && <div className="text-xs text-slate-600">{p.payer}</div>}
                  {p.document && <div className="text-xs text-slate-600">{familyName(p.document.family)}{p.document.file_name ? ` · ${p.document.file_name}` : ""}{p.document.pages.length ? ` · p. ${p.document.pages.join(", ")}` : ""}</div>}
                </td>
                <td className="px-3 py-2"><PolicyStatusBadge status={p.status} /></td>
                <td className="px-3 py-2 text-xs text-slate-700">
                  {[...p.ndc_codes.map((c) => `NDC ${c}`), ...p.cpt_codes.map((c) => `CPT ${c}`), ...p.drug_names].join(" · ") || "—"}
                </td>
                <td className="px-3 py-2">{p.criteria_count}</td>
                <td className="px-3 py-2">v{p.version}</td>
                <td className="px-3 py-2">{formatDateTime(p.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
