"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, PortalApiError } from "@/lib/portal/api-client";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { DocumentSectionsTable } from "./document-sections-table";
import { isReadingActive, PolicyReadingStatus, RereadDocumentButton } from "./policy-reading-status";
import { familyName, type PolicyDocumentView } from "./types";

/**
 * One uploaded policy document: its family and the sections read from it, each linking to its policy; its background
 * re-read (followed while queued or reading) and, for admins, the button that starts one.
 */
export function PolicyDocumentDetail({ documentId, canEdit = false }: { documentId: string; canEdit?: boolean }) {
  const document = useQuery({
    queryKey: ["policies", "documents", documentId],
    queryFn: () => apiFetch<PolicyDocumentView>(`/policies/documents/${documentId}`),
    refetchInterval: (query) => (isReadingActive(query.state.data?.reading) ? 1_500 : false),
  });
  if (document.isPending) return <Loading label="Loading the document…" />;
  if (document.error) return <ErrorState message={document.error instanceof PortalApiError && document.error.status === 404 ? "This policy document was not found in your workspace." : document.error.message} />;
  const d = document.data;
  return (
    <div className="space-y-4">
      <div>
        <Link href="/policies" className="text-sm text-blue-800 underline-offset-2 hover:underline">← Policies</Link>
        <h1 className="mt-1 text-2xl font-semibold">{d.file_name ?? "Uploaded policy document"}</h1>
        <p className="text-sm text-slate-700">
          {[familyName(d.family), d.payer, d.effective_date && `effective ${d.effective_date}`, d.page_count && `${d.page_count} pages`, `uploaded by ${d.created_by}, ${formatDateTime(d.created_at)}`].filter(Boolean).join(" · ")}
        </p>
      </div>
      {d.reading && <PolicyReadingStatus reading={d.reading} />}
      {(d.reread_recommended || d.unread_requirements > 0) && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {[d.reread_recommended && "Some sections were read by an older reader.", d.unread_requirements > 0 && `${d.unread_requirements} requirement cell${d.unread_requirements === 1 ? " was" : "s were"} not read (manual steps).`].filter(Boolean).join(" ")}
          {canEdit ? " Re-read the document to apply the current reader." : " An admin can re-read the document."}
        </p>
      )}
      {canEdit && <RereadDocumentButton documentId={d.id} disabled={isReadingActive(d.reading)} />}
      <h2 className="text-lg font-semibold">{d.section_count} section{d.section_count === 1 ? "" : "s"}</h2>
      <DocumentSectionsTable document={d} caption="Sections of this document" />
    </div>
  );
}
