"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, PortalApiError } from "@/lib/portal/api-client";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { DocumentSectionsTable } from "./document-sections-table";
import { familyName, type PolicyDocumentView } from "./types";

/** One uploaded policy document: its family and the sections read from it, each linking to its policy. */
export function PolicyDocumentDetail({ documentId }: { documentId: string }) {
  const document = useQuery({ queryKey: ["policies", "documents", documentId], queryFn: () => apiFetch<PolicyDocumentView>(`/policies/documents/${documentId}`) });
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
      <h2 className="text-lg font-semibold">{d.section_count} section{d.section_count === 1 ? "" : "s"}</h2>
      <DocumentSectionsTable document={d} caption="Sections of this document" />
    </div>
  );
}
