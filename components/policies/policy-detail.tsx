"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { apiFetch, PortalApiError } from "@/lib/portal/api-client";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { findQuote, HighlightedText } from "@/components/ui/highlighted-text";
import { PdfPageImage } from "@/components/pdf/pdf-page-image";
import { PolicyStatusBadge } from "./policy-status-badge";
import { CodesEditor } from "./codes-editor";
import { CriteriaTree } from "./criteria-tree";
import { DraftReview, draftKey, useDraft } from "./draft-review";
import { CriteriaDiff } from "./criteria-diff";
import type { z } from "zod";
import type { ZPolicyComparison } from "@/lib/schemas/policy";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RereadPolicyButton } from "./policy-reading-status";
import { familyName, type Check, type PolicyDetail as Policy, type Quote } from "./types";

export function PolicyDetail({ policyId, canEdit }: { policyId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState<number | null>(null);
  const [selected, setSelected] = useState<{ id: string; quote: Quote } | null>(null);
  const key = ["policy", policyId, version];
  const policy = useQuery({ queryKey: key, queryFn: () => apiFetch<Policy>(`/policies/${policyId}${version ? `?version=${version}` : ""}`) });
  const update = useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiFetch<Policy>(`/policies/${policyId}`, { method: "PATCH", json: patch }),
    onSuccess: (data) => {
      setVersion(null);
      setConfirmRetire(false);
      queryClient.setQueryData(["policy", policyId, null], data);
      void queryClient.invalidateQueries({ queryKey: ["policies"] });
      void queryClient.invalidateQueries({ queryKey: draftKey(policyId) });
    },
  });
  const [confirmRetire, setConfirmRetire] = useState(false);
  // The editor starts from the draft: a criterion the draft changed is shown and edited with the draft's check.
  const draft = useDraft(policyId);
  const draftChecks = useMemo(() => {
    const map = new Map<string, Check>();
    for (const c of draft.data?.changes ?? []) if (c.check_after) map.set(`${c.section}/${c.criterion_id}`, c.check_after);
    return map;
  }, [draft.data]);
  const [comparison, setComparison] = useState<z.infer<typeof ZPolicyComparison> | null>(null);
  const compare = useMutation({
    mutationFn: ({ from, to }: { from: number; to: number }) => apiFetch<z.infer<typeof ZPolicyComparison>>(`/policies/${policyId}/versions/compare?from=${from}&to=${to}`),
    onSuccess: setComparison,
  });
  const restore = useMutation({
    mutationFn: (v: number) => apiFetch(`/policies/${policyId}/versions/${v}/restore`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftKey(policyId) }),
  });

  const page = selected?.quote.page ?? policy.data?.pages[0]?.page ?? 1;
  const pageText = policy.data?.pages.find((p) => p.page === page)?.text ?? "";
  const span = useMemo(() => (selected ? findQuote(pageText, selected.quote.text) : null), [pageText, selected]);

  if (policy.isPending) return <Loading label="Loading the policy…" />;
  if (policy.error) return <ErrorState message={policy.error instanceof PortalApiError && policy.error.status === 404 ? "This policy was not found in your workspace." : policy.error.message} />;
  const p = policy.data;
  const latest = p.versions[0]?.version ?? p.version;
  const editable = canEdit && p.version === latest;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link href="/policies" className="text-sm text-blue-800 underline-offset-2 hover:underline">← Policies</Link>
          <h1 className="mt-1 text-2xl font-semibold">{p.title}</h1>
          <p className="text-sm text-slate-700">
            {[p.payer, p.effective_date && `effective ${p.effective_date}`, `version ${p.version}`].filter(Boolean).join(" · ")} <PolicyStatusBadge status={p.status} />
          </p>
        </div>
        {editable && (
          <div className="flex items-center gap-2">
            <label htmlFor="policy-status" className="text-sm text-slate-800">Status</label>
            <select id="policy-status" value={p.status} disabled={update.isPending} onChange={(e) => (e.target.value === "retired" ? setConfirmRetire(true) : update.mutate({ status: e.target.value }))} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
              <option value="draft">Draft</option>
              <option value="active">Active</option>
              <option value="retired">Retired</option>
            </select>
          </div>
        )}
      </div>
      {p.document && (
        <p aria-label="Source document" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          Section {p.document.section_label ? `“${p.document.section_label}”` : ""} of{" "}
          <Link href={`/policies/documents/${p.document.id}`} className="text-blue-800 underline-offset-2 hover:underline">{p.document.file_name ?? "the uploaded document"}</Link>
          {" "}({familyName(p.document.family)}){p.document.pages.length ? `, page${p.document.pages.length === 1 ? "" : "s"} ${p.document.pages.join(", ")}` : ""}.
          {p.document.requirement_codes.length > 0 && <> Requirement codes: <strong>{p.document.requirement_codes.join(", ")}</strong>.</>}
        </p>
      )}
      {p.reader.reread_recommended && (
        <div aria-label="Reader" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          This version was {p.reader.message}.
          {canEdit && p.version === latest && <RereadPolicyButton policyId={policyId} onDone={() => {
            void queryClient.invalidateQueries({ queryKey: ["policy", policyId] });
            void queryClient.invalidateQueries({ queryKey: draftKey(policyId) });
          }} />}
        </div>
      )}
      {p.version !== latest && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          You are looking at version {p.version}; the latest is {latest}. <button type="button" className="underline" onClick={() => setVersion(null)}>Show the latest</button>
        </p>
      )}
      {update.error && <ErrorState message={update.error.message} />}
      <ConfirmDialog open={confirmRetire} title="Retire this policy?" confirmLabel="Retire policy" danger pending={update.isPending}
        onConfirm={() => update.mutate({ status: "retired" })} onClose={() => setConfirmRetire(false)}>
        A retired policy is no longer selected for new cases. Cases already checked keep citing the version they used. The change is recorded in the audit trail.
      </ConfirmDialog>
      <DraftReview policyId={policyId} canEdit={canEdit} />

      <CodesEditor key={p.version_id} policy={p} editable={editable} pending={update.isPending} onSave={(patch) => update.mutate(patch)} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="criteria-title" className="space-y-3">
          <h2 id="criteria-title" className="text-lg font-semibold">Criteria</h2>
          {p.parsed.sections.length === 0 ? (
            <p className="text-sm text-slate-700">No criteria were found in this document. Check that it is a coverage policy with numbered criteria.</p>
          ) : (
            p.parsed.sections.map((section) => (
              <div key={section.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <h3 className="font-medium">{section.title} <span className="text-xs font-normal text-slate-600">({section.kind}{section.approvalDuration ? `, approve for ${section.approvalDuration}` : ""})</span></h3>
                <CriteriaTree
                  node={section.criteria}
                  selectedId={selected?.id ?? null}
                  onSelect={(id, quote) => setSelected({ id, quote })}
                  editable={editable}
                  draftCheckOf={(id) => draftChecks.get(`${section.title}/${id}`) ?? null}
                  hasDraft={!!draft.data}
                  onEdit={async (edit) => { await update.mutateAsync({ criteria_edits: [edit] }); }}
                />
              </div>
            ))
          )}
        </section>
        <section aria-labelledby="source-title" className="space-y-3 lg:sticky lg:top-4 lg:self-start">
          <h2 id="source-title" className="text-lg font-semibold">Policy document, page {page}</h2>
          {p.pages.length > 1 && (
            <nav aria-label="Pages" className="flex flex-wrap gap-1">
              {p.pages.map((pg) => (
                <button key={pg.page} type="button" aria-current={pg.page === page ? "page" : undefined} onClick={() => setSelected({ id: `page-${pg.page}`, quote: { page: pg.page, text: "" } })}
                  className={`rounded px-2 py-0.5 text-xs ${pg.page === page ? "bg-blue-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}>
                  {pg.page}
                </button>
              ))}
            </nav>
          )}
          {p.document_id && <PdfPageImage documentId={p.document_id} page={page} />}
          <HighlightedText text={pageText} span={span} label={`Text of page ${page}`} />
          {selected && selected.quote.text && !span && <p className="text-xs text-amber-800">The quote was not found on this page.</p>}
        </section>
      </div>

      <section aria-labelledby="versions-title">
        <h2 id="versions-title" className="text-lg font-semibold">Versions</h2>
        <ol className="mt-2 space-y-1 text-sm">
          {p.versions.map((v) => (
            <li key={v.version}>
              <button type="button" className="text-blue-800 underline-offset-2 hover:underline" onClick={() => setVersion(v.version === latest ? null : v.version)}>Version {v.version}</button>
              {" "}— {v.change_note ?? "Edited"} by {v.created_by}, {formatDateTime(v.created_at)}
              {v.version !== latest && (
                <>
                  {" "}<button type="button" className="text-blue-800 underline" onClick={() => compare.mutate({ from: v.version, to: latest })}>Compare with version {latest}</button>
                  {canEdit && <>{" "}<button type="button" className="text-blue-800 underline" disabled={restore.isPending} onClick={() => restore.mutate(v.version)}>Restore version {v.version} as draft</button></>}
                </>
              )}
            </li>
          ))}
        </ol>
        {(compare.error || restore.error) && <ErrorState message={(compare.error ?? restore.error)!.message} />}
        {restore.isSuccess && <p role="status" className="mt-2 text-sm text-slate-800">A draft was made from that version: review and publish it above.</p>}
        {comparison && (
          <div className="mt-3">
            <h3 className="font-medium">Version {comparison.from} → version {comparison.to}</h3>
            <CriteriaDiff changes={comparison.changes} beforeLabel={`Version ${comparison.from}`} afterLabel={`Version ${comparison.to}`} caption={`Criteria changed from version ${comparison.from} to ${comparison.to}`} />
          </div>
        )}
      </section>
    </div>
  );
}
